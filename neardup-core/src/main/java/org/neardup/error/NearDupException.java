package org.neardup.error;

/**
 * Root of the exceptions neardup throws on purpose: bad input, incompatible signatures, corrupt
 * files. Anything else escaping the library is a bug.
 */
public class NearDupException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public NearDupException(String message) {
    super(message);
  }

  public NearDupException(String message, Throwable cause) {
    super(message, cause);
  }
}
