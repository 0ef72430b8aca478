package org.neardup.index;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;
import org.neardup.search.ContainmentQuery;
import org.neardup.search.Postings;
import org.neardup.search.TopKCollector.Found;

/**
 * The containment search of a {@link NearDupIndex} over its stores: the candidates of a {@link
 * ContainmentQuery} from the containment posting lists, each verified by exact containment. Called
 * under the index's read lock; holds no state between calls.
 */
final class ContainmentSearch {
  private final SketchStore<?> sketches;
  private final Postings postings;

  ContainmentSearch(SketchStore<?> sketches, BucketStore postings) {
    this.sketches = sketches;
    this.postings = new StorePostings(postings);
  }

  /**
   * The documents holding at least the query's threshold of it: best first, at most {@code limit}.
   */
  List<Found> search(ContainmentQuery query, int limit) {
    List<Found> found = new ArrayList<>();
    ContainmentQuery.Candidates candidates = query.candidates(postings);
    for (int i = 0; i < candidates.size(); i++) {
      long handle = candidates.handle(i);
      double containment = candidates.verify(i, sketches.shingleSet(handle));
      if (containment >= 0) {
        found.add(new Found(handle, containment));
      }
    }
    found.sort(Found.BEST_FIRST);
    return found.size() > limit ? new ArrayList<>(found.subList(0, limit)) : found;
  }

  /** A bucket store read as posting lists. */
  private record StorePostings(BucketStore store) implements Postings {
    @Override
    public int size(long key) {
      return store.size(key);
    }

    @Override
    public void forEach(long key, LongConsumer consumer) {
      store.forEach(new long[] {key}, consumer);
    }

    @Override
    public void forEach(long[] keys, LongConsumer consumer) {
      store.forEach(keys, consumer);
    }
  }
}
