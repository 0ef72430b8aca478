package org.neardup.format;

import org.neardup.NearDupException;

/** A valid signature made with other params than expected (scheme, seed, n, shingling, normalization). */
public final class IncompatibleSignatureException extends NearDupException {
  private static final long serialVersionUID = 1L;

  public IncompatibleSignatureException(SignatureParams expected, SignatureParams actual) {
    super("incompatible signature: expected " + expected + ", got " + actual);
  }
}
