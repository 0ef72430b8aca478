package org.neardup.index;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.neardup.verify.Jaccard;
import org.neardup.verify.Verifier;

/**
 * The threshold query of a {@link NearDupIndex} over its stores: the candidates of the threshold
 * buckets, each verified by the index's {@link Verifier}, best first. Called under the index's lock
 * (read for a query, write for an add that queries); holds no state between calls.
 *
 * @param <K> the document key type
 */
final class ThresholdSearch<K> {
  private final SketchStore<K> sketches;
  private final BucketStore buckets;
  private final Verifier verifier;

  ThresholdSearch(SketchStore<K> sketches, BucketStore buckets, Verifier verifier) {
    this.sketches = sketches;
    this.buckets = buckets;
    this.verifier = verifier;
  }

  /** Verified matches among the candidates of {@code bucketKeys}, within {@code limits}. */
  FoundMatches<K> matches(int[] signature, long[] set, long[] bucketKeys, MatchLimits limits) {
    return matches(signature, set, bucketKeys, limits, -1);
  }

  /**
   * {@link #matches(int[], long[], long[], MatchLimits)} but for the document of handle {@code
   * excluded}.
   */
  FoundMatches<K> matches(
      int[] signature, long[] set, long[] bucketKeys, MatchLimits limits, long excluded) {
    long[] candidates;
    long notCompared = 0;
    if (limits.compared() == Integer.MAX_VALUE) {
      candidates = buckets.candidates(bucketKeys);
    } else {
      BoundedCandidates first =
          buckets.firstCandidates(bucketKeys, limits.compared() + (excluded >= 0 ? 1 : 0));
      candidates = first.handles();
      notCompared = first.more();
    }
    List<Found> found = new ArrayList<>();
    for (long handle : candidates) {
      if (handle == excluded) {
        continue;
      }
      double similarity =
          verifier.verify(
              signature, sketches.signature(handle), () -> set, () -> sketches.shingleSet(handle));
      if (similarity != Jaccard.BELOW) {
        found.add(new Found(handle, similarity));
      }
    }
    found.sort(Found.BEST_FIRST);
    int listed = Math.min(limits.listed(), found.size());
    List<Match<K>> matches = new ArrayList<>(listed);
    for (int i = 0; i < listed; i++) {
      Found f = found.get(i);
      matches.add(new Match<>(sketches.key(f.handle), f.similarity));
    }
    return new FoundMatches<>(matches, found.size() - listed, notCompared);
  }

  /** A verified candidate before its key is looked up: by similarity, then handle. */
  private record Found(long handle, double similarity) {
    static final Comparator<Found> BEST_FIRST =
        Comparator.comparingDouble(Found::similarity).reversed().thenComparingLong(Found::handle);
  }
}
