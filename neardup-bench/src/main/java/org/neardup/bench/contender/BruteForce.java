package org.neardup.bench.contender;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.neardup.verify.Jaccard;
import org.neardup.verify.SimilarPair;

/**
 * The naive baseline: exact Jaccard ({@link Jaccard#similarity}, a full merge) of every pair, with
 * no size filter, in parallel. Quadratic: skipped above {@code --brute-force-max-docs}.
 */
final class BruteForce implements Contender {
  @Override
  public String name() {
    return "brute-force";
  }

  @Override
  public String description() {
    return "all n(n-1)/2 pairs, exact Jaccard by full merge, no size filter";
  }

  @Override
  public String skipReason(BenchSettings settings, int documents) {
    return documents > settings.bruteForceMaxDocuments()
        ? "more than --brute-force-max-docs " + settings.bruteForceMaxDocuments() + " documents"
        : null;
  }

  @Override
  public ContenderOutcome run(BenchSettings settings, Phases phases) throws Exception {
    BenchCorpus corpus =
        phases.time("read+shingle", () -> BenchCorpus.read(settings.corpus(), settings.shingle()));
    int n = corpus.size();
    double threshold = settings.threshold();
    List<SimilarPair> pairs =
        phases.time(
            "all pairs",
            () ->
                IntStream.range(0, n)
                    .parallel()
                    .mapToObj(
                        i -> {
                          List<SimilarPair> found = new ArrayList<>(0);
                          long[] set = corpus.shingles(i);
                          for (int j = i + 1; j < n; j++) {
                            double similarity = Jaccard.similarity(set, corpus.shingles(j));
                            if (similarity >= threshold)
                              found.add(new SimilarPair(i, j, similarity));
                          }
                          return found;
                        })
                    .flatMap(List::stream)
                    .collect(Collectors.toList()));
    return new ContenderOutcome(corpus.ids(), pairs, (long) n * (n - 1) / 2, "all pairs");
  }
}
