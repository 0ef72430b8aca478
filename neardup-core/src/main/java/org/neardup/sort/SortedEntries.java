package org.neardup.sort;

import org.neardup.api.Faces;

/**
 * A cursor over (long key, int value) entries in ascending order of key (signed), then value. Not
 * thread-safe; close it when done.
 */
@Faces
public interface SortedEntries extends AutoCloseable {
  /** Moves to the next entry; false at the end. */
  boolean next();

  /** The current entry's key. */
  long key();

  /** The current entry's value (0 for a sorter without values). */
  int value();

  @Override
  void close();
}
