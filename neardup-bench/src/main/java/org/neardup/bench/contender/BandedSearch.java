package org.neardup.bench.contender;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.neardup.verify.Jaccard;
import org.neardup.verify.SimilarPair;

/**
 * The second half of a peer pipeline: puts every document's bucket keys into a {@link
 * PlainBandIndex}, then each document queries it for earlier documents sharing a bucket (so each
 * candidate pair is examined once) and confirms them by exact Jaccard on the shingle sets, with a
 * plain full merge ({@link Jaccard#similarity}). Queries run in parallel.
 */
final class BandedSearch {
  private BandedSearch() {}

  /** Candidate pairs and confirmed pairs of {@code corpus} whose bucket keys are {@code keys}. */
  static ContenderOutcome run(
      BenchCorpus corpus, long[][] keys, double threshold, String parameters, Phases phases)
      throws Exception {
    int n = corpus.size();
    PlainBandIndex index =
        phases.time(
            "index",
            () -> {
              PlainBandIndex built = new PlainBandIndex(keys.length == 0 ? 0 : keys[0].length);
              for (int i = 0; i < n; i++) {
                built.insert(i, keys[i]);
              }
              return built;
            });
    LongAdder candidates = new LongAdder();
    List<SimilarPair> pairs =
        phases.time(
            "query+verify",
            () ->
                IntStream.range(0, n)
                    .parallel()
                    .mapToObj(
                        i -> verifyCandidates(corpus, index, keys[i], i, threshold, candidates))
                    .flatMap(List::stream)
                    .collect(Collectors.toList()));
    return new ContenderOutcome(corpus.ids(), pairs, candidates.sum(), parameters);
  }

  private static List<SimilarPair> verifyCandidates(
      BenchCorpus corpus,
      PlainBandIndex index,
      long[] keys,
      int i,
      double threshold,
      LongAdder candidates) {
    Set<Integer> earlier = new HashSet<>();
    index.forEachInBuckets(
        keys,
        j -> {
          if (j < i) earlier.add(j);
        });
    candidates.add(earlier.size());
    List<SimilarPair> found = new ArrayList<>(0);
    long[] set = corpus.shingles(i);
    for (int j : earlier) {
      double similarity = Jaccard.similarity(set, corpus.shingles(j));
      if (similarity >= threshold) {
        found.add(new SimilarPair(j, i, similarity));
      }
    }
    return found;
  }
}
