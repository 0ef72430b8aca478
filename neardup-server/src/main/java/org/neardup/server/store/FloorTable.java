package org.neardup.server.store;

import java.nio.file.Path;
import java.util.function.IntConsumer;

/**
 * The top-k floor buckets off the heap: a multimap of (64-bit bucket key, int handle) entries, one
 * entry a document a bucket, in {@link MappedMemory}. Open addressing with linear probing, every
 * entry in its own slot (a bucket's members are the slots of its key along its probe run); removal
 * shifts later entries back (no tombstones). 12 bytes a slot, at most 3/4 of them used before the
 * table doubles: 16–32 bytes an entry, about 1–2 KB a document for the 64 floor bands, none of it
 * on the heap. Reads run concurrently; writes exclusively, as the index locks.
 */
final class FloorTable implements AutoCloseable {
  private static final long MIN_SLOTS = 1L << 16;

  private final Path directory;
  private MappedMemory keys; // 8 bytes a slot
  private MappedMemory handles; // 4 bytes a slot: handle + 1, 0 for an empty slot
  private long mask;
  private long entries;

  /** An empty table with room for about {@code expectedEntries} before it doubles. */
  FloorTable(Path directory, long expectedEntries) {
    this.directory = directory;
    allocate(slotsFor(expectedEntries));
  }

  private static long slotsFor(long entries) {
    long needed = Math.max(MIN_SLOTS, entries + entries / 3 + 1);
    return Long.highestOneBit(needed - 1) << 1;
  }

  private void allocate(long slots) {
    MappedMemory newKeys = new MappedMemory(directory, "floor-keys", 8 * slots);
    try {
      handles = new MappedMemory(directory, "floor-handles", 4 * slots);
    } catch (RuntimeException e) {
      newKeys.close();
      throw e;
    }
    keys = newKeys;
    mask = slots - 1;
  }

  /**
   * Makes room for {@code more} entries beyond those held, growing the table now if they would make
   * it grow, so that adding them cannot fail for want of memory.
   *
   * @throws DiskFullException when the memory cannot grow
   */
  void reserve(long more) {
    long slots = mask + 1;
    long wanted = entries + more;
    if (wanted > slots - (slots >>> 2)) {
      grow(slotsFor(wanted));
    }
  }

  /** (bucket, handle) entries held. */
  long entries() {
    return entries;
  }

  /** Bytes mapped (off the heap). */
  long mappedBytes() {
    return keys.bytes() + handles.bytes();
  }

  private long home(long key) {
    long h = key * 0x9E3779B97F4A7C15L; // Fibonacci hashing: the high bits mix every bit of the key
    return (h ^ (h >>> 29)) & mask;
  }

  /** Adds {@code handle} (non-negative, below 2^31 - 1) to the bucket {@code key}. */
  void add(long key, int handle) {
    if (entries + 1 > (mask + 1) - ((mask + 1) >>> 2)) {
      grow(2 * (mask + 1));
    }
    long slot = home(key);
    while (handles.getInt(4 * slot) != 0) {
      slot = (slot + 1) & mask;
    }
    keys.putLong(8 * slot, key);
    handles.putInt(4 * slot, handle + 1);
    entries++;
  }

  /** Removes {@code handle} from the bucket {@code key}; false when it was not there. */
  boolean remove(long key, int handle) {
    long slot = home(key);
    for (int stored; (stored = handles.getInt(4 * slot)) != 0; slot = (slot + 1) & mask) {
      if (stored == handle + 1 && keys.getLong(8 * slot) == key) {
        shiftBack(slot);
        entries--;
        return true;
      }
    }
    return false;
  }

  /** Empties {@code hole} and moves back the entries after it that their home allows. */
  private void shiftBack(long hole) {
    long next = hole;
    while (true) {
      next = (next + 1) & mask;
      int stored = handles.getInt(4 * next);
      if (stored == 0) {
        break;
      }
      long key = keys.getLong(8 * next);
      long home = home(key);
      boolean stays = hole <= next ? hole < home && home <= next : hole < home || home <= next;
      if (!stays) {
        keys.putLong(8 * hole, key);
        handles.putInt(4 * hole, stored);
        hole = next;
      }
    }
    handles.putInt(4 * hole, 0);
  }

  /**
   * Reads the first slot of each of {@code keys}: loads that do not wait for each other, so the
   * memory fetches them together before {@link #forEach} walks them one after another.
   */
  long touch(long[] keys) {
    long touched = 0;
    for (long key : keys) {
      long slot = home(key);
      touched += handles.getInt(4 * slot) ^ this.keys.getLong(8 * slot);
    }
    return touched;
  }

  /** Calls {@code consumer} with every handle in the bucket {@code key}, in any order. */
  void forEach(long key, IntConsumer consumer) {
    long slot = home(key);
    for (int stored; (stored = handles.getInt(4 * slot)) != 0; slot = (slot + 1) & mask) {
      if (keys.getLong(8 * slot) == key) {
        consumer.accept(stored - 1);
      }
    }
  }

  /** Moves every entry into a table of {@code slots}; the table is as it was if that fails. */
  private void grow(long slots) {
    MappedMemory oldKeys = keys;
    MappedMemory oldHandles = handles;
    long oldSlots = mask + 1;
    allocate(slots);
    entries = 0;
    for (long slot = 0; slot < oldSlots; slot++) {
      int stored = oldHandles.getInt(4 * slot);
      if (stored != 0) {
        long key = oldKeys.getLong(8 * slot);
        long at = home(key);
        while (handles.getInt(4 * at) != 0) {
          at = (at + 1) & mask;
        }
        keys.putLong(8 * at, key);
        handles.putInt(4 * at, stored);
        entries++;
      }
    }
    oldKeys.close();
    oldHandles.close();
  }

  @Override
  public void close() {
    keys.close();
    handles.close();
  }
}
