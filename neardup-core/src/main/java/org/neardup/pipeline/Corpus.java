package org.neardup.pipeline;

import java.util.List;

/**
 * Documents after signing, by ordinal (0, 1, 2, … in input order, skipped records not counted):
 * what the later stages need, and no raw text. Arrays are shared, not copied: do not modify them.
 *
 * <p>Memory per document: its id, its signature (4 bytes a value), and in {@link VerifyMode#EXACT}
 * its shingle set (8 bytes a distinct shingle).
 */
public final class Corpus {
  private final PipelineConfig config;
  private final String[] ids;
  private final long[][] shingles;
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
    this.shingles = shingles;
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

  /** The sorted distinct shingle hashes, or null in {@link VerifyMode#ESTIMATE}. */
  public long[] shingles(int ordinal) {
    return shingles[ordinal];
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
