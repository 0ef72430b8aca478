package org.neardup.spark.verify;

import java.io.Serializable;

/**
 * A candidate pair confirmed by the {@link org.neardup.verify.Verifier}: ordinals (smaller first),
 * ids and similarity. Immutable and serializable.
 */
public record VerifiedPair(
    long first, long second, String firstId, String secondId, double similarity)
    implements Serializable {
  private static final long serialVersionUID = 1L;
}
