package org.neardup.search;

import java.util.function.LongConsumer;
import org.neardup.api.Faces;

/**
 * Posting lists: which documents (by {@code long} handle) hold each key. What containment search
 * reads — an index's bucket store, or the inverted index of a batch join.
 */
@Faces
public interface Postings {
  /**
   * How many documents the list of {@code key} holds, to read the shortest lists first; 0 where the
   * store cannot tell cheaply (a store may know only its long lists' lengths, or none). Any order
   * finds the same candidates: the lengths only save reads.
   */
  int size(long key);

  /** Calls {@code consumer} with every document in the list of {@code key}, in any order. */
  void forEach(long key, LongConsumer consumer);

  /**
   * Calls {@code consumer} with every document in the lists of {@code keys}, in any order: what
   * {@link #forEach(long, LongConsumer)} on each gives, for a store that reads many lists in one
   * go.
   */
  default void forEach(long[] keys, LongConsumer consumer) {
    for (long key : keys) {
      forEach(key, consumer);
    }
  }
}
