package org.neardup.format;

import org.neardup.error.NearDupException;
import org.neardup.sketch.SketchParams;

/**
 * A valid signature, signature file or index made with other params than expected (normalization,
 * shingling, shingle hash version, scheme, seed, n): comparing them would give garbage.
 */
public final class IncompatibleSignatureException extends NearDupException {
  private static final long serialVersionUID = 1L;

  public IncompatibleSignatureException(SketchParams expected, SketchParams actual) {
    super("incompatible signature: expected " + expected + ", got " + actual);
  }
}
