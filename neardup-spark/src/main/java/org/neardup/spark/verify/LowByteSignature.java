package org.neardup.spark.verify;

import java.util.Arrays;
import org.neardup.minhash.AgreementFilter;
import org.neardup.minhash.Signatures;

/**
 * A signature as exact verification's signature filter needs it when the signature travels: its low
 * bytes ({@link Signatures#lowBytes}), a quarter of its size, which agree wherever the full values
 * do, and whether the full signature is well filled ({@link AgreementFilter#wellFilled}). Made once
 * for each document that is in a candidate pair, at its home. Immutable.
 */
final class LowByteSignature {
  private final long[] lowBytes;
  private final boolean wellFilled;

  private LowByteSignature(long[] lowBytes, boolean wellFilled) {
    this.lowBytes = lowBytes;
    this.wellFilled = wellFilled;
  }

  /** The longs of the low bytes of a signature of {@code length} values. */
  static int words(int length) {
    return (length + 7) >>> 3;
  }

  /** The signature of {@code length} values at {@code signatures[offset]}. */
  static LowByteSignature of(int[] signatures, int offset, int length, AgreementFilter filter) {
    int[] signature = Arrays.copyOfRange(signatures, offset, offset + length);
    return new LowByteSignature(
        Signatures.lowBytes(signature), filter.wellFilled(signatures, offset));
  }

  /** The low bytes (read-only). */
  long[] lowBytes() {
    return lowBytes;
  }

  boolean wellFilled() {
    return wellFilled;
  }

  /**
   * Whether {@code filter} passes the pair of this signature and the one whose low bytes are at
   * {@code lowBytes[offset]}: the filter on the low bytes' agreement, which can only overstate the
   * full signatures' agreement, so every pair the full signatures pass passes ({@link
   * AgreementFilter#passes(int, boolean)}).
   *
   * @param length the signatures' length in values
   * @param otherWellFilled whether the other signature is well filled
   */
  boolean passes(
      AgreementFilter filter, int length, long[] lowBytes, int offset, boolean otherWellFilled) {
    int agreement = Signatures.lowByteAgreement(this.lowBytes, lowBytes, offset, length);
    return filter.passes(agreement, filter.fillDecides(agreement) && wellFilled && otherWellFilled);
  }
}
