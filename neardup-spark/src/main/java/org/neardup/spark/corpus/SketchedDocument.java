package org.neardup.spark.corpus;

import com.dynatrace.hash4j.hashing.HashStream64;
import com.dynatrace.hash4j.hashing.Hasher64;
import com.dynatrace.hash4j.hashing.Hashing;
import java.io.Serializable;
import org.neardup.sketch.Sketch;

/**
 * A document as the job keeps it after signing: ordinal, id, raw text length (for keep policies),
 * signature, sorted shingle set (null when verification is by signature estimate) and a 64-bit
 * fingerprint of what verification compares (the set, or the signature in estimate mode), with
 * which exact copies are recognised. Immutable once made (arrays are not copied: do not modify
 * them) and serializable.
 */
public final class SketchedDocument implements Serializable {
  private static final long serialVersionUID = 1L;
  private static final Hasher64 FINGERPRINT = Hashing.komihash5_0(0x6E65617264757073L);

  public final long ordinal;
  public final String id;
  public final int textLength;
  public final int[] signature;
  public final long[] shingleSet;
  public final long fingerprint;
  public final int setSize;
  public final long relativeLine;

  public SketchedDocument(
      long ordinal,
      String id,
      int textLength,
      int[] signature,
      long[] shingleSet,
      long fingerprint,
      int setSize,
      long relativeLine) {
    this.ordinal = ordinal;
    this.id = id;
    this.textLength = textLength;
    this.signature = signature;
    this.shingleSet = shingleSet;
    this.fingerprint = fingerprint;
    this.setSize = setSize;
    this.relativeLine = relativeLine;
  }

  /**
   * The document of {@code sketch}.
   *
   * @param keepSet whether to keep the shingle set (exact verification)
   */
  public static SketchedDocument of(
      long ordinal, String id, int textLength, Sketch sketch, boolean keepSet, long relativeLine) {
    long[] set = sketch.shingleSet();
    HashStream64 hash = FINGERPRINT.hashStream();
    if (keepSet) {
      for (long shingle : set) {
        hash.putLong(shingle);
      }
    } else {
      hash.putInts(sketch.signature());
    }
    return new SketchedDocument(
        ordinal,
        id,
        textLength,
        sketch.signature(),
        keepSet ? set : null,
        hash.getAsLong(),
        keepSet ? set.length : sketch.signature().length,
        relativeLine);
  }

  /**
   * Whether two documents compare as identical: equal fingerprints and sizes. Equal sets always do;
   * different sets do with probability about 2^-64.
   */
  public boolean sameContentAs(SketchedDocument other) {
    return fingerprint == other.fingerprint && setSize == other.setSize;
  }
}
