package org.neardup.spark.corpus;

import java.io.Serializable;
import java.util.Arrays;
import org.neardup.cluster.KeepOrder;

/**
 * The signed documents of one split of the input, column by column: what the later steps read of a
 * document (ordinal, id, raw text length, its place in the keep order, content fingerprint,
 * signature, and the raw text that verification shingles again), plus the split's read tally and
 * the ordinals of the records it skipped as bad. One object a partition of the cached corpus, so
 * that caching, shuffling and sizing it handle a few large arrays instead of an object a document.
 * Documents are in input order (ascending ordinals). Immutable once built; arrays are not copied,
 * do not modify them.
 */
public final class SignedSplit implements Serializable {
  private static final long serialVersionUID = 1L;

  private final int split;
  private final int size;
  private final long[] ordinals;
  private final PackedStrings ids;
  private final int[] textLengths;
  private final int[] keepInputs; // null: all 0
  private final long[] keepKeys; // null: all 0
  private final long[] contents;
  private final int signatureLength;
  private final int[] signatures;
  private final PackedStrings texts;
  private final long[] relativeLines;
  private final ReadTally tally;
  private final long[] rejected;

  private SignedSplit(Builder b) {
    this.split = b.split;
    this.size = b.size;
    this.ordinals = Arrays.copyOf(b.ordinals, b.size);
    this.ids = b.ids.trimmed();
    this.textLengths = Arrays.copyOf(b.textLengths, b.size);
    this.keepInputs = b.keepInputs == null ? null : Arrays.copyOf(b.keepInputs, b.size);
    this.keepKeys = b.keepKeys == null ? null : Arrays.copyOf(b.keepKeys, b.size);
    this.contents = Arrays.copyOf(b.contents, b.size);
    this.signatureLength = b.signatureLength;
    this.signatures = Arrays.copyOf(b.signatures, b.size * b.signatureLength);
    this.texts = b.keepTexts ? b.texts.trimmed() : null;
    this.relativeLines = Arrays.copyOf(b.relativeLines, b.size);
    this.tally = b.tally;
    this.rejected = Arrays.copyOf(b.rejected, b.rejectedSize);
  }

  /** The split's index: the partition of the corpus that holds it, and its ordinals' high half. */
  public int split() {
    return split;
  }

  /** Documents held. */
  public int size() {
    return size;
  }

  public long ordinal(int index) {
    return ordinals[index];
  }

  /** The position of {@code ordinal} among the documents, or a negative number if absent. */
  public int indexOf(long ordinal) {
    return Arrays.binarySearch(ordinals, 0, size, ordinal);
  }

  public String id(int index) {
    return ids.get(index);
  }

  /** The ids, packed (read-only). */
  public PackedStrings ids() {
    return ids;
  }

  /** The raw texts, packed (read-only); null unless {@link #hasTexts()}. */
  public PackedStrings texts() {
    return texts;
  }

  /** The raw text's length in chars (what the keep policies compare). */
  public int textLength(int index) {
    return textLengths[index];
  }

  /**
   * The input that comes first in the keep order for document {@code index}: its input under {@code
   * input,RULE}, else 0 ({@link org.neardup.cluster.KeepOrder}).
   */
  public int keepInput(int index) {
    return keepInputs == null ? 0 : keepInputs[index];
  }

  /** Document {@code index}'s key in the keep order's rule ({@link KeepOrder#ruleKey}). */
  public long keepKey(int index) {
    return keepKeys == null ? 0 : keepKeys[index];
  }

  /** The fingerprint of what verification compares ({@link ContentFingerprint}). */
  public long content(int index) {
    return contents[index];
  }

  /** Values a signature has. */
  public int signatureLength() {
    return signatureLength;
  }

  /** All signatures, one after the other: document i's starts at {@code i * signatureLength()}. */
  public int[] signatures() {
    return signatures;
  }

  /** A copy of document {@code index}'s signature. */
  public int[] signature(int index) {
    int from = index * signatureLength;
    return Arrays.copyOfRange(signatures, from, from + signatureLength);
  }

  /** Whether the raw texts are kept (exact verification shingles them again). */
  public boolean hasTexts() {
    return texts != null;
  }

  /** The raw text of document {@code index}; only when {@link #hasTexts()}. */
  public String text(int index) {
    return texts.get(index);
  }

  /** The 1-based line within the split where document {@code index} starts (0: no lines). */
  public long relativeLine(int index) {
    return relativeLines[index];
  }

  /** The counts of the split's read. */
  public ReadTally tally() {
    return tally;
  }

  /** Ordinals of the records skipped as bad, ascending. */
  public long[] rejected() {
    return rejected;
  }

  /**
   * This split without the documents of {@code dropped} (ordinals, any order), which become
   * rejected records; the tally is unchanged (the caller counts them).
   */
  public SignedSplit without(long[] dropped) {
    long[] sorted = dropped.clone();
    Arrays.sort(sorted);
    Builder b = new Builder(split, signatureLength, texts != null);
    b.tally = tally;
    for (int i = 0; i < size; i++) {
      if (Arrays.binarySearch(sorted, ordinals[i]) >= 0) {
        b.reject(ordinals[i]);
        continue;
      }
      b.add(
          ordinals[i],
          textLengths[i],
          keepInput(i),
          keepKey(i),
          contents[i],
          signatures,
          i * signatureLength,
          relativeLines[i]);
      b.ids.add(ids, i);
      if (texts != null) {
        b.texts.add(texts, i);
      }
    }
    for (long ordinal : rejected) {
      b.reject(ordinal);
    }
    b.sortRejected();
    return b.build();
  }

  /** Builds a split document by document, in input order. Not thread-safe. */
  public static final class Builder {
    private final int split;
    private final int signatureLength;
    private final boolean keepTexts;
    private int size;
    private long[] ordinals = new long[64];
    private final PackedStrings ids = new PackedStrings();
    private int[] textLengths = new int[64];
    private int[] keepInputs; // null until a document has an input other than 0
    private long[] keepKeys; // null until a document has a key other than 0
    private long[] contents = new long[64];
    private int[] signatures;
    private final PackedStrings texts = new PackedStrings();
    private long[] relativeLines = new long[64];
    private long[] rejected = new long[16];
    private int rejectedSize;
    private ReadTally tally = new ReadTally();

    /**
     * @param split the split's index
     * @param signatureLength values a signature has
     * @param keepTexts whether to keep the raw texts
     */
    public Builder(int split, int signatureLength, boolean keepTexts) {
      this.split = split;
      this.signatureLength = signatureLength;
      this.keepTexts = keepTexts;
      this.signatures = new int[64 * signatureLength];
    }

    /** The tally this split's read adds to. */
    public ReadTally tally() {
      return tally;
    }

    /**
     * Adds a document; {@code signature} from {@code offset}, {@code signatureLength} values;
     * {@code keepInput} and {@code keepKey} as {@link #keepInput} and {@link #keepKey} give them.
     */
    public Builder add(
        long ordinal,
        String id,
        int textLength,
        int keepInput,
        long keepKey,
        long content,
        int[] signature,
        int offset,
        String text,
        long relativeLine) {
      add(ordinal, textLength, keepInput, keepKey, content, signature, offset, relativeLine);
      ids.add(id);
      if (keepTexts) {
        texts.add(text);
      }
      return this;
    }

    private void add(
        long ordinal,
        int textLength,
        int keepInput,
        long keepKey,
        long content,
        int[] signature,
        int offset,
        long relativeLine) {
      if (size == ordinals.length) {
        int capacity = 2 * size;
        ordinals = Arrays.copyOf(ordinals, capacity);
        textLengths = Arrays.copyOf(textLengths, capacity);
        keepInputs = keepInputs == null ? null : Arrays.copyOf(keepInputs, capacity);
        keepKeys = keepKeys == null ? null : Arrays.copyOf(keepKeys, capacity);
        contents = Arrays.copyOf(contents, capacity);
        signatures = Arrays.copyOf(signatures, capacity * signatureLength);
        relativeLines = Arrays.copyOf(relativeLines, capacity);
      }
      ordinals[size] = ordinal;
      textLengths[size] = textLength;
      if (keepInput != 0 && keepInputs == null) {
        keepInputs = new int[ordinals.length];
      }
      if (keepInputs != null) {
        keepInputs[size] = keepInput;
      }
      if (keepKey != 0 && keepKeys == null) {
        keepKeys = new long[ordinals.length];
      }
      if (keepKeys != null) {
        keepKeys[size] = keepKey;
      }
      contents[size] = content;
      System.arraycopy(signature, offset, signatures, size * signatureLength, signatureLength);
      relativeLines[size] = relativeLine;
      size++;
    }

    /** Records {@code ordinal} as a record skipped as bad. */
    public Builder reject(long ordinal) {
      if (rejectedSize == rejected.length) {
        rejected = Arrays.copyOf(rejected, 2 * rejectedSize);
      }
      rejected[rejectedSize++] = ordinal;
      return this;
    }

    private void sortRejected() {
      Arrays.sort(rejected, 0, rejectedSize);
    }

    public SignedSplit build() {
      return new SignedSplit(this);
    }
  }
}
