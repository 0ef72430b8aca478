package org.neardup.pipeline;

import java.util.List;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.neardup.shingle.Shingler;

/**
 * Documents after signing, by ordinal (0, 1, 2, … in input order, skipped records not counted):
 * what the later stages need, and no raw text. Arrays are shared, not copied: do not modify them.
 * Thread-safe.
 *
 * <p>Memory per document: its id, its signature (4 bytes a value), and in {@link VerifyMode#EXACT}
 * its shingle hashes (8 bytes a shingle). Shingle hashes are kept as the shingler produced them
 * and turned into a sorted set only when first asked for — most documents never are, since only
 * candidates are verified.
 */
public final class Corpus {
  private static final int LOCK_STRIPES = 64;

  private final PipelineConfig config;
  private final String[] ids;
  private final long[][] unsortedShingles; // guarded by the ordinal's stripe lock
  private final AtomicReferenceArray<long[]> shingleSets;
  private final Object[] locks = new Object[LOCK_STRIPES];
  private final int[][] signatures;
  private final int[] textLengths;
  private final int[] sourceIndexes;
  private final long[] recordIndexes;
  private final List<String> sources;
  private final long shortDocuments;

  Corpus(
      PipelineConfig config,
      String[] ids,
      long[][] shingles,
      int[][] signatures,
      int[] textLengths,
      int[] sourceIndexes,
      long[] recordIndexes,
      List<String> sources,
      long shortDocuments) {
    this.config = config;
    this.ids = ids;
    this.unsortedShingles = shingles;
    this.shingleSets = new AtomicReferenceArray<>(shingles.length);
    for (int i = 0; i < LOCK_STRIPES; i++) {
      locks[i] = new Object();
    }
    this.signatures = signatures;
    this.textLengths = textLengths;
    this.sourceIndexes = sourceIndexes;
    this.recordIndexes = recordIndexes;
    this.sources = List.copyOf(sources);
    this.shortDocuments = shortDocuments;
  }

  public PipelineConfig config() {
    return config;
  }

  public int size() {
    return ids.length;
  }

  public String id(int ordinal) {
    return ids[ordinal];
  }

  /**
   * The shingle set: sorted distinct hashes, or null in {@link VerifyMode#ESTIMATE}. The first call
   * for an ordinal sorts its hashes; later calls return the same array.
   */
  public long[] shingles(int ordinal) {
    long[] set = shingleSets.get(ordinal);
    if (set != null || config.verify() != VerifyMode.EXACT) {
      return set;
    }
    synchronized (locks[ordinal & (LOCK_STRIPES - 1)]) {
      set = shingleSets.get(ordinal);
      if (set == null) {
        set = Shingler.toSet(unsortedShingles[ordinal]);
        unsortedShingles[ordinal] = null;
        shingleSets.set(ordinal, set);
      }
      return set;
    }
  }

  public int[] signature(int ordinal) {
    return signatures[ordinal];
  }

  /** Length in characters of the raw text. */
  public int textLength(int ordinal) {
    return textLengths[ordinal];
  }

  /** The input the document came from (an index into {@link #sources()}). */
  public int sourceIndex(int ordinal) {
    return sourceIndexes[ordinal];
  }

  /** The document's record index within its source (see {@link org.neardup.io.Document}). */
  public long recordIndex(int ordinal) {
    return recordIndexes[ordinal];
  }

  /** The inputs, in the order they were read. */
  public List<String> sources() {
    return sources;
  }

  /** How many documents were shorter than the shingle size (and so are one shingle each). */
  public long shortDocuments() {
    return shortDocuments;
  }
}
