package org.neardup.spark.verify;

import org.neardup.minhash.AgreementFilter;
import org.neardup.minhash.Signatures;
import org.neardup.spark.corpus.SignedSplit;

/**
 * What exact verification's signature filter needs of a partner's signature, made once for each
 * partner at its home and copied into each {@link PartnerBatch} that carries it: the signature's
 * low bytes ({@link Signatures#lowBytes}), which agree wherever the full values do, and whether the
 * full signature is well filled ({@link AgreementFilter#wellFilled}). Immutable.
 */
final class PartnerSignature {
  private final long[] lowBytes;
  private final boolean wellFilled;

  private PartnerSignature(long[] lowBytes, boolean wellFilled) {
    this.lowBytes = lowBytes;
    this.wellFilled = wellFilled;
  }

  /** The longs of the low bytes of a signature of {@code length} values. */
  static int lowWords(int length) {
    return (length + 7) >>> 3;
  }

  /** The partner signature of document {@code index} of {@code home}. */
  static PartnerSignature of(SignedSplit home, int index, AgreementFilter filter) {
    return new PartnerSignature(
        Signatures.lowBytes(home.signature(index)),
        filter.wellFilled(home.signatures(), index * home.signatureLength()));
  }

  /** The low bytes (read-only). */
  long[] lowBytes() {
    return lowBytes;
  }

  boolean wellFilled() {
    return wellFilled;
  }
}
