package org.neardup.batch.corpus;

import java.util.List;
import java.util.Optional;
import org.neardup.batch.spill.CorpusStores;
import org.neardup.batch.spill.ShingleSets;
import org.neardup.batch.spill.SignatureStore;
import org.neardup.cluster.KeepOrder;
import org.neardup.config.MemoryBudget;
import org.neardup.config.PipelineConfig;
import org.neardup.input.Document;
import org.neardup.verify.VerifyMode;

/**
 * Documents after signing, by ordinal (0, 1, 2, … in input order, skipped records not counted):
 * what the later stages need, and no raw text. Arrays are shared, not copied: do not modify them.
 * Thread-safe.
 *
 * <p>Memory per document, measured at 1,000,000 generated documents of about 1 KB (see
 * docs/design.md): its id (about 8 + 4 + its length in bytes, in {@link DocumentIds}), its text
 * length and position in its input (16 bytes), and its signature: 4 bytes a value while signatures
 * fit the {@link MemoryBudget} (528 bytes at 128 values), else 4 bits a value (64 bytes) with its
 * bucket keys sorted on disk. In {@link VerifyMode#EXACT} it also keeps its shingle hashes (8 bytes
 * a shingle) while they fit the budget; past it they are dropped, when a {@link SketchSource} can
 * read the documents again, or spilled to a temporary file (see {@link ShingleSets}). {@link
 * #close()} deletes every temporary file.
 */
public final class Corpus implements AutoCloseable {
  static {
    // the pair phase in org.neardup.batch.lsh reads the signature store, which is not API
    CorpusStores.register(Corpus.class, corpus -> corpus.signatures);
  }

  private final PipelineConfig config;
  private final DocumentIds ids;
  private final ShingleSets shingleSets; // null in estimate mode or when dropped
  private final SketchSource rereader; // null when the documents cannot be read again
  private final SignatureStore signatures;
  private final int[] textLengths;
  private final int[] sourceIndexes;
  private final long[] recordIndexes;
  private final double[] keepValues; // null when no document has one
  private final List<String> sources;
  private final long shortDocuments;
  private final MemoryBudget budget;

  Corpus(
      PipelineConfig config,
      DocumentIds ids,
      ShingleSets shingleSets,
      SketchSource rereader,
      SignatureStore signatures,
      int[] textLengths,
      int[] sourceIndexes,
      long[] recordIndexes,
      double[] keepValues,
      List<String> sources,
      long shortDocuments,
      MemoryBudget budget) {
    this.config = config;
    this.ids = ids;
    this.shingleSets = shingleSets;
    this.rereader = rereader;
    this.signatures = signatures;
    this.textLengths = textLengths;
    this.sourceIndexes = sourceIndexes;
    this.recordIndexes = recordIndexes;
    this.keepValues = keepValues;
    this.sources = List.copyOf(sources);
    this.shortDocuments = shortDocuments;
    this.budget = budget;
  }

  public PipelineConfig config() {
    return config;
  }

  public int size() {
    return textLengths.length;
  }

  public String id(int ordinal) {
    return ids.get(ordinal);
  }

  /**
   * Whether {@link #shingles} can give every document's set. False in {@link VerifyMode#ESTIMATE},
   * and when the sets were dropped to stay within the memory budget: then {@link #sketchSource()}
   * reads them again.
   */
  public boolean keepsShingleSets() {
    return shingleSets != null;
  }

  /**
   * The shingle set: sorted distinct hashes, or null in {@link VerifyMode#ESTIMATE}. A set kept in
   * memory is sorted on the first call and the same array returned after; a spilled set is read
   * from the spill file on every call (a new array each time).
   *
   * @throws IllegalStateException when the sets were dropped to stay within the memory budget
   *     ({@link #keepsShingleSets()} is false): read them again with {@code SetFetch}
   */
  public long[] shingles(int ordinal) {
    if (shingleSets != null) {
      return shingleSets.get(ordinal);
    }
    if (config.verify() == VerifyMode.EXACT) {
      throw new IllegalStateException(
          "the shingle sets were not kept (memory budget): read them again");
    }
    return null;
  }

  /**
   * The document's shingle hashes in any order, repeats allowed, without sorting them: as kept in
   * memory (its set once {@link #shingles} sorted it), or its set when spilled. For verification,
   * which compares them without sets ({@link org.neardup.verify.Verifier#exactOfHashes}).
   *
   * @throws IllegalStateException as {@link #shingles} does
   */
  public long[] shingleHashes(int ordinal) {
    return shingleSets != null ? shingleSets.hashes(ordinal) : shingles(ordinal);
  }

  /** How many shingle sets were spilled to a temporary file because memory ran short. */
  public int spilledSets() {
    return shingleSets == null ? 0 : shingleSets.spilledCount();
  }

  /**
   * Reads the documents again (when the corpus was built with one): how verification gets the sets,
   * and full signatures, that the corpus did not keep; empty when the documents cannot be read
   * again.
   */
  public Optional<SketchSource> sketchSource() {
    return Optional.ofNullable(rereader);
  }

  /**
   * {@link #sketchSource()}, for a stage that needs what the corpus did not keep.
   *
   * @throws IllegalStateException when the documents cannot be read again
   */
  public SketchSource requireSketchSource() {
    return sketchSource()
        .orElseThrow(
            () ->
                new IllegalStateException(
                    "the corpus keeps neither its sets nor a way to read them again"));
  }

  /**
   * Whether {@link #signature} gives full signatures (false once they were dropped to save memory).
   */
  public boolean keepsFullSignatures() {
    return signatures.keepsFull();
  }

  /**
   * The full signature (a copy).
   *
   * @throws IllegalStateException when full signatures were dropped to stay within the memory
   *     budget ({@link #keepsFullSignatures()} is false)
   */
  public int[] signature(int ordinal) {
    return signatures.full(ordinal);
  }

  /** The memory budget the corpus was built under, which the pair phase follows too. */
  public MemoryBudget budget() {
    return budget;
  }

  /** Heap bytes held by ids and signatures (the largest parts; for memory accounting). */
  public long memoryBytes() {
    return ids.memoryBytes() + signatures.memoryBytes() + 16L * size();
  }

  /** Deletes the temporary files, if any. The shingle sets cannot be read after. */
  @Override
  public void close() {
    if (shingleSets != null) {
      shingleSets.close();
    }
    signatures.close();
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

  /**
   * The document's value of the field the run keeps by ({@link Document#keepValue()}), or NaN when
   * it has none.
   */
  public double keepValue(int ordinal) {
    return keepValues == null ? Double.NaN : keepValues[ordinal];
  }

  /**
   * What a {@link KeepOrder} orders this corpus's documents by: the input (the {@linkplain
   * #sourceIndex source} it came from), the text length, the keep field's value.
   */
  public KeepOrder.Keys keepKeys() {
    return new KeepOrder.Keys() {
      @Override
      public int input(int ordinal) {
        return sourceIndexes[ordinal];
      }

      @Override
      public int textLength(int ordinal) {
        return textLengths[ordinal];
      }

      @Override
      public double fieldValue(int ordinal) {
        return keepValue(ordinal);
      }
    };
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
