package org.neardup.error;

/**
 * Root of the exceptions neardup throws on purpose: bad input, incompatible signatures, corrupt
 * files, bad usage of a command ({@code UsageException}), a failure of the service's storage
 * ({@code StoreException}, {@code DiskFullException}). Anything else escaping neardup is a bug.
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
