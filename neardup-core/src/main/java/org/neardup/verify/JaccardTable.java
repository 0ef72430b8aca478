package org.neardup.verify;

import java.util.Arrays;
import org.neardup.api.Faces;

/**
 * Exact Jaccard similarity of two documents given by their shingle hashes in any order, repeats
 * allowed (as {@link org.neardup.shingle.Shingler#hashes} makes them): the distinct hashes of one
 * document, B, are put in an open-addressing table, and the other's, A, are looked up in it. The
 * answer is {@link Jaccard#similarityAtLeast(long[], long[], double)}'s for the two sets, without
 * sorting either.
 *
 * <p>Where a set would be sorted only to be compared once or twice, as in batch verification, this
 * costs less than sorting both into sets and merging them (about a third of the time on 1 KB
 * documents; neardup-bench's {@code PairVerificationBenchmark}). Shingle hashes are uniformly
 * random, so their top bits are the slot.
 *
 * <p>The table keeps B (by identity) for the next call: a run of pairs with the same B builds it
 * once. Arrays passed must not change afterwards. One table per thread ({@link #similarityAtLeast}
 * uses the calling thread's); an instance is not thread-safe.
 */
@Faces
public final class JaccardTable {
  private static final ThreadLocal<JaccardTable> TABLE = ThreadLocal.withInitial(JaccardTable::new);

  /**
   * Slots per hash the table may come to hold (B's distinct ones and A's): at most half full, so a
   * lookup's run of occupied slots stays short.
   */
  private static final int ROOM = 2;

  /** Lookups between two checks whether the pair can still reach the threshold. */
  private static final int CHECK_EVERY = 64;

  private long[] keys = new long[0];

  /** Slots in use: the first {@code slots} of {@link #keys} and {@link #marks} (a power of two). */
  private int slots;

  /**
   * A slot's state: at least {@link #tableStamp} for a hash of B (the lookup's stamp once A has it
   * too), minus the lookup's stamp for a hash only A has, anything else empty (marks of earlier
   * tables and lookups are below the stamps now in use).
   */
  private int[] marks = new int[0];

  private int shift;
  private int clock;
  private int tableStamp;
  private long[] held;
  private int distinctHeld;

  /** A table of its own (for a thread that keeps one; {@link #similarityAtLeast} needs none). */
  public JaccardTable() {}

  /** A table whose stamps start at {@code clock} (tests run it to the end of its stamps). */
  JaccardTable(int clock) {
    this.clock = clock;
  }

  /**
   * J(A, B) of the distinct values of {@code hashesA} and {@code hashesB} when it is at least
   * {@code threshold}, else {@link Jaccard#BELOW}; with the calling thread's table, which keeps
   * {@code hashesB} for the next call.
   */
  public static double similarityAtLeast(long[] hashesA, long[] hashesB, double threshold) {
    return TABLE.get().atLeast(hashesA, hashesB, threshold);
  }

  /** {@link #similarityAtLeast} with this table. */
  public double atLeast(long[] hashesA, long[] hashesB, double threshold) {
    if (hashesA.length == 0 || hashesB.length == 0) {
      // as Jaccard's: two empty sets have similarity 1, an empty and a non-empty one 0
      return hashesA.length == hashesB.length && 1 >= threshold ? 1 : Jaccard.BELOW;
    }
    if (clock >= Integer.MAX_VALUE - 2) {
      // the stamps ran out: clear every mark, and with them the table held
      Arrays.fill(marks, 0);
      clock = 0;
      held = null;
    }
    if (held != hashesB || slots < ROOM * (distinctHeld + hashesA.length)) {
      hold(hashesB, hashesA.length);
    }
    int sizeB = distinctHeld;
    if (hashesA.length < threshold * sizeB * (1 - 1e-12)) {
      return Jaccard.BELOW; // |A| <= its hashes < t |B|: J <= |A| / |B| < t
    }
    int stamp = ++clock; // above the table's stamp, so a hash of B keeps a mark >= it
    long[] k = keys;
    int[] m = marks;
    int mask = slots - 1;
    int table = tableStamp;
    int common = 0;
    int onlyA = 0;
    for (int n = 0; n < hashesA.length; n++) {
      long v = hashesA[n];
      int i = (int) (v >>> shift);
      while (true) {
        int mark = m[i];
        if (mark >= table) {
          if (k[i] == v) {
            if (mark != stamp) {
              m[i] = stamp;
              common++;
            }
            break;
          }
        } else if (mark == -stamp) {
          if (k[i] == v) {
            break;
          }
        } else {
          k[i] = v;
          m[i] = -stamp;
          onlyA++;
          break;
        }
        i = (i + 1) & mask;
      }
      if ((n & (CHECK_EVERY - 1)) == CHECK_EVERY - 1) {
        // Every hash still to come may be common, none adds to the union: J <= (common + left) /
        // (|B| + onlyA).
        long best = (long) common + (hashesA.length - 1 - n);
        if (best < threshold * (sizeB + onlyA) * (1 - 1e-12)) {
          return Jaccard.BELOW;
        }
      }
    }
    double similarity = (double) common / (sizeB + onlyA);
    return similarity >= threshold ? similarity : Jaccard.BELOW;
  }

  /**
   * Puts the distinct values of {@code hashesB} in the table, with room for {@code others} more.
   * The table uses the first slots of its arrays, as many as needed: after a long document the
   * arrays stay large, but a short one's lookups stay within a few cache lines' worth of them.
   */
  private void hold(long[] hashesB, int others) {
    slots = Integer.highestOneBit(Math.max(8, ROOM * (hashesB.length + others)) - 1) << 1;
    if (keys.length < slots) {
      keys = new long[slots];
      marks = new int[slots];
      clock = 0;
    }
    shift = 64 - Integer.numberOfTrailingZeros(slots);
    int stamp = ++clock;
    tableStamp = stamp;
    long[] k = keys;
    int[] m = marks;
    int mask = slots - 1;
    int distinct = 0;
    for (long v : hashesB) {
      int i = (int) (v >>> shift);
      while (true) {
        if (m[i] < stamp) {
          k[i] = v;
          m[i] = stamp;
          distinct++;
          break;
        }
        if (k[i] == v) {
          break;
        }
        i = (i + 1) & mask;
      }
    }
    held = hashesB;
    distinctHeld = distinct;
  }
}
