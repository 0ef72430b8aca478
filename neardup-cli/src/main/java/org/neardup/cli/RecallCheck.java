package org.neardup.cli;

import java.util.Locale;
import org.neardup.config.PipelineConfig;
import org.neardup.lsh.LshParams;
import org.neardup.minhash.MinHashConfig;
import org.neardup.options.Formats;

/**
 * Whether the banding in effect keeps neardup's promise, P(candidate) &gt;= the target recall at
 * the threshold (and so at every similarity above it), and what to say when it does not: the
 * probability it does give, and the signature length that would reach the target. With n values the
 * most sensitive banding is b = n bands of one row, with P = 1 - (1 - t)^n at threshold t, so the
 * target p needs n &gt;= ln(1 - p) / ln(1 - t). Stateless.
 */
public final class RecallCheck {
  private RecallCheck() {}

  /** Whether {@code config}'s banding reaches the target recall at the threshold. */
  public static boolean reachesTarget(PipelineConfig config) {
    return config.lshParams().candidateProbability(config.threshold()) >= config.targetRecall();
  }

  /**
   * The fewest signature values whose most sensitive banding reaches {@code target} at {@code
   * threshold}, or -1 when more than {@link MinHashConfig#MAX_PERMUTATIONS} would be needed.
   */
  public static int permutationsNeeded(double threshold, double target) {
    if (threshold >= 1) {
      return 1;
    }
    double estimate = Math.ceil(Math.log(1 - target) / Math.log(1 - threshold));
    if (!(estimate <= MinHashConfig.MAX_PERMUTATIONS)) {
      return -1;
    }
    int n = Math.max(1, (int) estimate - 1);
    while (n <= MinHashConfig.MAX_PERMUTATIONS
        && LshParams.of(n, 1).candidateProbability(threshold) < target) {
      n++;
    }
    return n <= MinHashConfig.MAX_PERMUTATIONS ? n : -1;
  }

  /** What to do instead: more permutations, or the exact join. */
  public static String suggestion(PipelineConfig config) {
    int needed = permutationsNeeded(config.threshold(), config.targetRecall());
    String threshold = Formats.plain(config.threshold());
    String target = Formats.plain(config.targetRecall());
    return needed < 0
        ? "no signature length up to "
            + MinHashConfig.MAX_PERMUTATIONS
            + " reaches "
            + target
            + " at J = "
            + threshold
            + "; use --exact"
        : "reaching " + target + " needs --permutations " + needed + " or more; or use --exact";
  }

  /**
   * The warning for stderr when the banding falls short of the target (without the {@code neardup:
   * warning: } prefix), or null when it does not.
   */
  public static String warning(PipelineConfig config) {
    if (reachesTarget(config)) {
      return null;
    }
    LshParams banding = config.lshParams();
    double threshold = config.threshold();
    double probability = banding.candidateProbability(threshold);
    String t = Formats.plain(threshold);
    String missed =
        String.format(
            Locale.ROOT, "a pair at J = %s is missed with probability %.6f", t, 1 - probability);
    if (config.banding() != null) {
      return String.format(
          Locale.ROOT,
          "--bands %d --rows %d gives P(candidate | J = %s) = %.6f, below --target-recall %s: %s",
          banding.bands(),
          banding.rows(),
          t,
          probability,
          Formats.plain(config.targetRecall()),
          missed);
    }
    int needed = permutationsNeeded(threshold, config.targetRecall());
    return String.format(
        Locale.ROOT,
        "no banding of %d signature values reaches P(candidate) >= %s at J = %s: %s gives %.6f, so"
            + " %s; %s",
        config.minHash().numPermutations(),
        Formats.plain(config.targetRecall()),
        t,
        banding,
        probability,
        missed,
        needed < 0 ? "use --exact" : "use --permutations " + needed + " or more, or --exact");
  }
}
