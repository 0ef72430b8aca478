package org.neardup.cli.tune;

import java.io.PrintWriter;
import java.util.Locale;
import org.neardup.options.Formats;
import org.neardup.tune.ContainmentExplanation;

/**
 * The containment part of {@code explain --measure containment}: both directions, sample and
 * verdict.
 */
final class ContainmentLines {
  private ContainmentLines() {}

  static void print(
      PrintWriter out, double threshold, int sampling, boolean exact, ContainmentExplanation e) {
    String t = Formats.plain(threshold);
    out.printf(
        Locale.ROOT,
        "containment A in B  %s (= %d / %d)%n",
        Formats.similarity(e.aAsQuery().containment()),
        e.intersection(),
        e.sizeA());
    out.printf(
        Locale.ROOT,
        "containment B in A  %s (= %d / %d)%n",
        Formats.similarity(e.bAsQuery().containment()),
        e.intersection(),
        e.sizeB());
    direction(out, "A as the query", "B", sampling, e.aAsQuery());
    direction(out, "B as the query", "A", sampling, e.bAsQuery());
    boolean aIn = e.aAsQuery().containment() >= threshold;
    boolean bIn = e.bAsQuery().containment() >= threshold;
    String verdict;
    if (!aIn && !bIn) {
      verdict = "no (neither direction reaches " + t + ")";
    } else {
      String direction = aIn && bIn ? "both" : aIn ? "a-in-b" : "b-in-a";
      boolean found =
          exact || (aIn && e.aAsQuery().candidate()) || (bIn && e.bAsQuery().candidate());
      verdict =
          found
              ? "yes (" + direction + (exact ? ", exact join" : ", candidate and C >= " + t) + ")"
              : "no (C >= " + t + " but not a candidate: missed by the sample)";
    }
    out.printf(Locale.ROOT, "reported by pairs --measure containment   %s%n", verdict);
    out.flush();
  }

  private static void direction(
      PrintWriter out,
      String label,
      String other,
      int sampling,
      ContainmentExplanation.Direction d) {
    out.printf(
        Locale.ROOT,
        "%-19s %d shingles sampled (1 in %d); %s holds %d, a candidate needs %d: %s%n",
        label,
        d.sampled(),
        sampling,
        other,
        d.held(),
        d.needed(),
        d.candidate() ? "candidate" : "not a candidate");
  }
}
