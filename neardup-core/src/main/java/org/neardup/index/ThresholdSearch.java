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

  /** Verified matches among the candidates of {@code bucketKeys}. */
  List<Match<K>> matches(int[] signature, long[] set, long[] bucketKeys, int limit) {
    return matches(signature, set, bucketKeys, limit, -1);
  }

  /**
   * {@link #matches(int[], long[], long[], int)} but for the document of handle {@code excluded}.
   */
  List<Match<K>> matches(int[] signature, long[] set, long[] bucketKeys, int limit, long excluded) {
    long[] candidates = buckets.candidates(bucketKeys);
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
    List<Match<K>> matches = new ArrayList<>(Math.min(limit, found.size()));
    for (int i = 0; i < found.size() && i < limit; i++) {
      Found f = found.get(i);
      matches.add(new Match<>(sketches.key(f.handle), f.similarity));
    }
    return matches;
  }

  /** A verified candidate before its key is looked up: by similarity, then handle. */
  private record Found(long handle, double similarity) {
    static final Comparator<Found> BEST_FIRST =
        Comparator.comparingDouble(Found::similarity).reversed().thenComparingLong(Found::handle);
  }
}
