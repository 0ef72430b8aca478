package org.neardup.spark.verify;

import java.io.Serializable;
import java.util.Arrays;
import org.neardup.minhash.AgreementFilter;
import org.neardup.minhash.Signatures;
import org.neardup.spark.corpus.DocumentInfo;
import org.neardup.spark.corpus.PackedStrings;
import org.neardup.spark.corpus.SignedSplit;

/**
 * Pairs on their way to the home of their earlier document, each with what verification needs of
 * the later one, its partner: candidate pairs (distinct) with the partner's ordinal, id, text
 * length, signature and (with exact verification) raw text, and copies with the copy's ordinal, id
 * and text length, to be grouped under their original; plus the counts passed on. With exact
 * verification the signature travels as its low bytes ({@link Signatures#lowBytes}, a quarter of
 * its size) and whether it is well filled ({@link AgreementFilter#wellFilled}): what the signature
 * filter needs of a signature kept in fewer bits, which agrees wherever the full one does. Packed
 * into parallel arrays, no object a pair, made to the size a {@link Sizes} counted, so that filling
 * it copies each document's data once. Mutable until sent; not thread-safe.
 */
public final class PartnerBatch implements Serializable {
  private static final long serialVersionUID = 1L;

  private final Documents candidates;
  private final Documents copies;
  private PairCounts counts = PairCounts.NONE;

  /**
   * A batch with room for what {@code sizes} counted, of documents of {@code home}; with exact
   * verification the partners' signatures travel as low bytes, and their raw texts go with them.
   */
  public PartnerBatch(SignedSplit home, Sizes sizes, boolean exact) {
    int length = home.signatureLength();
    this.candidates =
        new Documents(
            exact ? 0 : length,
            exact ? LowByteSignature.words(length) : 0,
            exact,
            sizes.candidates,
            sizes.candidateIdBytes,
            sizes.textBytes);
    this.copies = new Documents(0, 0, false, sizes.copies, sizes.copyIdBytes, 0);
  }

  /**
   * Candidate ({@code first}, document {@code index} of {@code home}), whose signature is {@code
   * signature} (null without exact verification: the full signature is sent).
   */
  void candidate(long first, SignedSplit home, int index, LowByteSignature signature) {
    candidates.add(first, home, index, signature);
  }

  /** Document {@code index} of {@code home}, a copy of the text first read as {@code original}. */
  public void copy(long original, SignedSplit home, int index) {
    copies.add(original, home, index, null);
  }

  public void count(PairCounts more) {
    counts = counts.plus(more);
  }

  /** This batch with its arrays cut to size, to send. */
  public PartnerBatch trimmed() {
    candidates.trim();
    copies.trim();
    return this;
  }

  public int candidateCount() {
    return candidates.size;
  }

  public long first(int i) {
    return candidates.anchors[i];
  }

  public DocumentInfo partner(int i) {
    return candidates.info(i);
  }

  /**
   * The partners' signatures, one after the other (read-only); only without exact verification (see
   * {@link #partnerLowBytes()}).
   */
  public int[] partnerSignatures() {
    return candidates.signatures;
  }

  /** Where candidate {@code i}'s partner's signature starts in {@link #partnerSignatures()}. */
  public int partnerSignatureOffset(int i) {
    return i * candidates.signatureLength;
  }

  /**
   * The low bytes of the partners' signatures ({@link Signatures#lowBytes}), one after the other
   * (read-only); only with exact verification.
   */
  public long[] partnerLowBytes() {
    return candidates.lowBytes;
  }

  /** Where candidate {@code i}'s partner's low bytes start in {@link #partnerLowBytes()}. */
  public int partnerLowBytesOffset(int i) {
    return i * candidates.lowWords;
  }

  /**
   * Whether candidate {@code i}'s partner's signature is well filled ({@link
   * AgreementFilter#wellFilled}); only with exact verification.
   */
  public boolean partnerWellFilled(int i) {
    return candidates.wellFilled[i];
  }

  /** Candidate {@code i}'s partner's raw text; only with exact verification. */
  public String partnerText(int i) {
    return candidates.texts.get(i);
  }

  public int copyCount() {
    return copies.size;
  }

  public DocumentInfo copy(int i) {
    return copies.info(i);
  }

  public long copyOriginal(int i) {
    return copies.anchors[i];
  }

  public PairCounts counts() {
    return counts;
  }

  /**
   * What the batches of one sending task will hold, counted before they are made: for each
   * destination, its candidates and copies and their ids' and texts' bytes. Not thread-safe.
   */
  public static final class Sizes {
    private int candidates;
    private int copies;
    private int candidateIdBytes;
    private int copyIdBytes;
    private int textBytes;

    /** Counts a candidate whose partner is document {@code index} of {@code home}. */
    public void candidate(SignedSplit home, int index) {
      candidates++;
      candidateIdBytes += home.ids().byteLength(index);
      if (home.hasTexts()) {
        textBytes += home.texts().byteLength(index);
      }
    }

    /** Counts a copy, document {@code index} of {@code home}. */
    public void copy(SignedSplit home, int index) {
      copies++;
      copyIdBytes += home.ids().byteLength(index);
    }
  }

  /**
   * Documents of one home, each sent to a document (its anchor) at another, with their signatures
   * in full ({@code signatureLength} values each), or as low bytes ({@code lowWords} longs each)
   * and whether each is well filled, or neither (both 0).
   */
  private static final class Documents implements Serializable {
    private static final long serialVersionUID = 1L;
    private final int signatureLength;
    private final int lowWords;
    private long[] anchors;
    private long[] ordinals;
    private int[] keepInputs;
    private long[] keepKeys;
    private int[] signatures;
    private long[] lowBytes;
    private boolean[] wellFilled;
    private final PackedStrings ids;
    private final PackedStrings texts;
    private int size;

    Documents(
        int signatureLength,
        int lowWords,
        boolean withTexts,
        int capacity,
        int idBytes,
        int textBytes) {
      this.signatureLength = signatureLength;
      this.lowWords = lowWords;
      this.anchors = new long[capacity];
      this.ordinals = new long[capacity];
      this.keepInputs = new int[capacity];
      this.keepKeys = new long[capacity];
      this.signatures = new int[capacity * signatureLength];
      this.lowBytes = new long[capacity * lowWords];
      this.wellFilled = new boolean[lowWords > 0 ? capacity : 0];
      this.ids = new PackedStrings(capacity, idBytes);
      this.texts = withTexts ? new PackedStrings(capacity, textBytes) : null;
    }

    void add(long anchor, SignedSplit home, int index, LowByteSignature signature) {
      if (size == anchors.length) {
        int capacity = Math.max(16, 2 * size);
        anchors = Arrays.copyOf(anchors, capacity);
        ordinals = Arrays.copyOf(ordinals, capacity);
        keepInputs = Arrays.copyOf(keepInputs, capacity);
        keepKeys = Arrays.copyOf(keepKeys, capacity);
        signatures = Arrays.copyOf(signatures, capacity * signatureLength);
        lowBytes = Arrays.copyOf(lowBytes, capacity * lowWords);
        wellFilled = Arrays.copyOf(wellFilled, lowWords > 0 ? capacity : 0);
      }
      anchors[size] = anchor;
      ordinals[size] = home.ordinal(index);
      keepInputs[size] = home.keepInput(index);
      keepKeys[size] = home.keepKey(index);
      if (signatureLength > 0) {
        System.arraycopy(
            home.signatures(),
            index * signatureLength,
            signatures,
            size * signatureLength,
            signatureLength);
      }
      if (lowWords > 0) {
        System.arraycopy(signature.lowBytes(), 0, lowBytes, size * lowWords, lowWords);
        wellFilled[size] = signature.wellFilled();
      }
      ids.add(home.ids(), index);
      if (texts != null) {
        texts.add(home.texts(), index);
      }
      size++;
    }

    DocumentInfo info(int i) {
      return new DocumentInfo(ordinals[i], ids.get(i), keepInputs[i], keepKeys[i]);
    }

    void trim() {
      if (anchors.length != size) {
        anchors = Arrays.copyOf(anchors, size);
        ordinals = Arrays.copyOf(ordinals, size);
        keepInputs = Arrays.copyOf(keepInputs, size);
        keepKeys = Arrays.copyOf(keepKeys, size);
        signatures = Arrays.copyOf(signatures, size * signatureLength);
        lowBytes = Arrays.copyOf(lowBytes, size * lowWords);
        wellFilled = Arrays.copyOf(wellFilled, lowWords > 0 ? size : 0);
      }
      ids.trimmed();
      if (texts != null) {
        texts.trimmed();
      }
    }
  }
}
