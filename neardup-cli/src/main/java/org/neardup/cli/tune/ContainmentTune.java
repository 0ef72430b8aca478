package org.neardup.cli.tune;

import java.io.PrintWriter;
import java.util.Arrays;
import java.util.Locale;
import org.neardup.batch.corpus.Corpus;
import org.neardup.config.PipelineConfig;
import org.neardup.options.Formats;
import org.neardup.search.ContainmentPlan;
import org.neardup.search.ContainmentSample;
import org.neardup.tune.ContainmentPairSample;
import org.neardup.tune.Histogram;

/**
 * {@code tune --measure containment}: the sample and candidate rule {@code pairs --measure
 * containment} would use, what they promise by query size, the alternatives, and with INPUT files
 * what the corpus looks like to them.
 */
final class ContainmentTune {
  private static final int[] SAMPLED = {3, 5, 10, 20, 50, 100, ContainmentPlan.MAX_QUERY_SAMPLE};
  private static final double[] CONTAINMENTS = {0.5, 0.6, 0.7, 0.75, 0.8, 0.85, 0.9, 1.0};
  private static final int[] ALTERNATIVES = {1, 2, 4, 8, 16, 32};
  private static final int BUCKETS = 10;

  private final PipelineConfig config;
  private final ContainmentPlan plan;

  ContainmentTune(PipelineConfig config, ContainmentPlan plan) {
    this.config = config;
    this.plan = plan;
  }

  void print(PrintWriter out) {
    String t = Formats.plain(plan.threshold());
    int minimum = plan.minimumQuerySize();
    out.printf(
        Locale.ROOT, "sampling=%d minimum-query-shingles=%d%n", plan.sample().rate(), minimum);
    out.printf(
        Locale.ROOT,
        "containment >= %s from one shingle in %d of each document: P(candidate) >= %s for every C"
            + " >= %s once the query has %d+ shingles (%s)%n",
        t,
        plan.sample().rate(),
        Formats.plain(plan.targetRecall()),
        t,
        minimum,
        config.shingle());
    out.printf(
        Locale.ROOT,
        "%nsampled shingles of the query k (at most %d, those of smallest hash), how many a"
            + " candidate must hold h(k), posting lists read k - h + 1:%n",
        ContainmentPlan.MAX_QUERY_SAMPLE);
    out.printf(Locale.ROOT, "  %6s %6s %6s%n", "k", "h(k)", "lists");
    for (int k : SAMPLED) {
      int h = plan.minimumHits(k);
      out.printf(Locale.ROOT, "  %6d %6d %6d%n", k, h, k - h + 1);
    }
    out.printf(Locale.ROOT, "%nP(candidate | C = c, a query of q shingles):%n");
    StringBuilder header = new StringBuilder(String.format(Locale.ROOT, "  %8s", "q \\ c"));
    for (double c : CONTAINMENTS) {
      header.append(String.format(Locale.ROOT, " %9s", Formats.plain(c)));
    }
    out.println(header);
    int[] sizes = {Math.max(1, minimum / 2), minimum, 2 * minimum, 100, 300, 1000};
    Arrays.sort(sizes);
    for (int q : Arrays.stream(sizes).distinct().toArray()) {
      StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "  %8d", q));
      for (double c : CONTAINMENTS) {
        row.append(String.format(Locale.ROOT, " %9.6f", plan.candidateProbability(c, q)));
      }
      out.println(row + (q == minimum ? "   <- minimum query size" : ""));
    }
    out.printf(
        Locale.ROOT,
        "%nalternatives (--containment-sampling M): posting entries are 1/M of all shingles%n");
    out.printf(Locale.ROOT, "  %6s %22s %16s%n", "M", "minimum query shingles", "entries/shingle");
    for (int rate : ALTERNATIVES) {
      ContainmentPlan other =
          new ContainmentPlan(plan.threshold(), plan.targetRecall(), new ContainmentSample(rate));
      out.println(
          String.format(
                  Locale.ROOT,
                  "  %6d %22d %16.4f  %s",
                  rate,
                  other.minimumQuerySize(),
                  1.0 / rate,
                  rate == plan.sample().rate() ? "chosen" : "")
              .stripTrailing());
    }
  }

  /** What the corpus looks like to the sample join, from a seeded sample of ordered pairs. */
  void printSample(PrintWriter out, Corpus corpus, int sampleSize, long seed) {
    int n = corpus.size();
    int minimum = plan.minimumQuerySize();
    long shorter = 0;
    long shingles = 0;
    long entries = 0;
    for (int d = 0; d < n; d++) {
      long[] set = corpus.shingles(d);
      shingles += set.length;
      entries += plan.sample().of(set).length;
      shorter += set.length < minimum ? 1 : 0;
    }
    out.println();
    out.printf(
        Locale.ROOT,
        "%,d documents, %.1f shingles each on average; %,d posting entries (%.1f a document)%n",
        n,
        n == 0 ? 0.0 : (double) shingles / n,
        entries,
        n == 0 ? 0.0 : (double) entries / n);
    out.printf(
        Locale.ROOT,
        "documents shorter than %d shingles: %,d (as queries, found with probability below the"
            + " target)%n",
        minimum,
        shorter);
    if (n < 2) {
      return;
    }
    ContainmentPairSample sample = ContainmentPairSample.draw(corpus, plan, sampleSize, seed);
    if (sample.exhaustive()) {
      out.printf(
          Locale.ROOT,
          "all %,d ordered pairs (query, document) of the %,d documents:%n",
          sample.totalPairs(),
          n);
    } else {
      out.printf(
          Locale.ROOT,
          "SAMPLE ESTIMATE from %,d random ordered pairs (query, document), seed %d, of the %,d of"
              + " %,d documents.%nThese are estimates, not counts: 'neardup pairs --measure"
              + " containment' gives the real numbers.%n",
          sample.size(),
          seed,
          sample.totalPairs(),
          n);
    }
    Histogram histogram = sample.histogram(BUCKETS);
    int[] candidates = sample.candidatesByBin(BUCKETS);
    out.printf(
        Locale.ROOT,
        "  %-11s %10s %14s %14s%n",
        "containment",
        "sampled",
        "est. pairs",
        "candidates");
    for (int b = 0; b < BUCKETS; b++) {
      out.printf(
          Locale.ROOT,
          "  [%.1f, %.1f%s  %10d %14s %14s%n",
          histogram.lower(b),
          histogram.upper(b),
          b == BUCKETS - 1 ? "]" : ")",
          histogram.count(b),
          TuneCommand.count(histogram.count(b) * sample.scale()),
          TuneCommand.count(candidates[b] * sample.scale()));
    }
    out.printf(
        Locale.ROOT,
        "%-48s %s%n",
        "sampled pairs with C >= " + Formats.plain(plan.threshold()) + " missed:",
        sample.missed(plan.threshold()));
  }
}
