package org.neardup.cli;

import java.util.Locale;
import org.neardup.lsh.LshParams;
import org.neardup.options.Formats;

/**
 * What the commands say about the LSH candidate pairs before the pair phase: their count is the sum
 * over bands and buckets of size (size - 1) / 2 ({@link
 * org.neardup.batch.lsh.LshPairPhase#candidateUpperBound()}), an upper bound on the distinct
 * candidate pairs and exactly the number of bucket-mate visits the pair phase makes. Stateless.
 */
public final class CandidateCount {
  /** Above this many candidate pairs, the commands warn before the pair phase. */
  public static final long WARNING_LIMIT = 50_000_000L;

  private CandidateCount() {}

  /**
   * The warning for {@code count} candidate pairs, without the {@code neardup: warning: } prefix;
   * {@code --exact} is among the remedies only when {@code suggestExact} (not when the planner has
   * found the exact join dearer, or could not run it).
   */
  public static String warning(
      long count, LshParams params, double threshold, boolean suggestExact) {
    return String.format(
        Locale.ROOT,
        "%s banding will examine up to %,d candidate pairs (more than %,d): expect a long run and"
            + " much memory. A higher -t (now %s)%s more rows per band (see 'neardup tune')%s may"
            + " cost far less",
        params,
        count,
        WARNING_LIMIT,
        Formats.plain(threshold),
        suggestExact ? "," : " or",
        suggestExact ? ", or --exact" : "");
  }
}
