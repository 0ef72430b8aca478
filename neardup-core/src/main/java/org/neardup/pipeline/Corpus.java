package org.neardup.pipeline;

import java.util.List;
import org.neardup.verify.VerifyMode;

/**
 * Documents after signing, by ordinal (0, 1, 2, … in input order, skipped records not counted):
 * what the later stages need, and no raw text. Arrays are shared, not copied: do not modify them.
 * Thread-safe.
 *
 * <p>Memory per document: its id, its signature (4 bytes a value), and in {@link VerifyMode#EXACT}
 * its shingle hashes (8 bytes a shingle) while they fit the memory budget of the {@link
 * CorpusBuilder}; beyond it they are spilled to a temporary file (see {@link ShingleSets}), which
 * {@link #close()} deletes.
 */
public final class Corpus implements AutoCloseable {
  private final PipelineConfig config;
  private final String[] ids;
  private final ShingleSets shingleSets; // null in estimate mode
  private final int[][] signatures;
  private final int[] textLengths;
  private final int[] sourceIndexes;
  private final long[] recordIndexes;
  private final List<String> sources;
  private final long shortDocuments;

  Corpus(
      PipelineConfig config,
      String[] ids,
      ShingleSets shingleSets,
      int[][] signatures,
      int[] textLengths,
      int[] sourceIndexes,
      long[] recordIndexes,
      List<String> sources,
      long shortDocuments) {
    this.config = config;
    this.ids = ids;
    this.shingleSets = shingleSets;
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
   * The shingle set: sorted distinct hashes, or null in {@link VerifyMode#ESTIMATE}. A set kept in
   * memory is sorted on the first call and the same array returned after; a spilled set is read
   * from the spill file on every call (a new array each time).
   */
  public long[] shingles(int ordinal) {
    return shingleSets == null ? null : shingleSets.get(ordinal);
  }

  /** How many shingle sets were spilled to a temporary file because memory ran short. */
  public int spilledSets() {
    return shingleSets == null ? 0 : shingleSets.spilledCount();
  }

  /** Deletes the spill file, if any. The shingle sets cannot be read after. */
  @Override
  public void close() {
    if (shingleSets != null) {
      shingleSets.close();
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

  /** The document's record index within its source (see {@link org.neardup.input.Document}). */
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
