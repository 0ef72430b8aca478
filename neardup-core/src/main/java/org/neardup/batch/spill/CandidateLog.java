package org.neardup.batch.spill;

import java.util.concurrent.atomic.AtomicIntegerArray;
import org.neardup.config.MemoryBudget;

/**
 * The distinct candidate pairs to verify, read once from {@link CandidatePairs} into a log (on disk
 * past its budget) that verification reads in order, with what verification needs to know ahead:
 * for each document, how many pairs it is the earlier member of (so that its set can be let go
 * after its last one) and whether any pair needs it at all. Close it to free its file.
 */
public final class CandidateLog implements AutoCloseable {
  private final IntLog log;
  private final AtomicIntegerArray usesAsEarlier;
  private final java.util.BitSet needed;
  private final long pairs;
  private final int documents;

  private CandidateLog(
      IntLog log,
      AtomicIntegerArray usesAsEarlier,
      java.util.BitSet needed,
      long pairs,
      int documents) {
    this.log = log;
    this.usesAsEarlier = usesAsEarlier;
    this.needed = needed;
    this.pairs = pairs;
    this.documents = documents;
  }

  /**
   * Reads the distinct pairs of {@code survivors} (in order) for a corpus of {@code size}
   * documents.
   */
  public static CandidateLog of(CandidatePairs survivors, int size, MemoryBudget budget) {
    IntLog log = new IntLog(budget.sortBytes() / 2, budget.spillDirectory());
    AtomicIntegerArray uses = new AtomicIntegerArray(size);
    java.util.BitSet needed = new java.util.BitSet(size);
    long pairs = 0;
    int[] buffer = new int[1 << 14];
    int length = 0;
    try (CandidatePairs.Cursor cursor = survivors.sorted()) {
      while (cursor.next()) {
        long pair = cursor.pair();
        int earlier = CandidatePairs.earlier(pair);
        int later = CandidatePairs.later(pair);
        uses.incrementAndGet(earlier); // single thread here; atomic for the verifiers later
        needed.set(earlier);
        needed.set(later);
        buffer[length++] = earlier;
        buffer[length++] = later;
        if (length == buffer.length) {
          log.append(buffer, length);
          length = 0;
        }
        pairs++;
      }
      log.append(buffer, length);
    } catch (RuntimeException | Error e) {
      log.close();
      throw e;
    }
    return new CandidateLog(log, uses, needed, pairs, needed.cardinality());
  }

  /** Distinct pairs. */
  public long pairs() {
    return pairs;
  }

  /** Documents in at least one pair. */
  public int documents() {
    return documents;
  }

  /** Whether {@code ordinal} is in a pair. */
  public boolean needed(int ordinal) {
    return needed.get(ordinal);
  }

  /** Pairs left in which {@code ordinal} is the earlier member. */
  public int usesAsEarlier(int ordinal) {
    return usesAsEarlier.get(ordinal);
  }

  /** One pair of {@code ordinal} as the earlier member is done; returns how many are left. */
  public int release(int ordinal) {
    return usesAsEarlier.decrementAndGet(ordinal);
  }

  /** The pairs in (later, earlier) order, as (earlier, later) int pairs. */
  public IntLog.Reader reader() {
    return log.reader();
  }

  /** Bytes written to disk. */
  public long spilledBytes() {
    return log.spilledBytes();
  }

  @Override
  public void close() {
    log.close();
  }
}
