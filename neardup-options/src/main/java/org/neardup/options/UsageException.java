package org.neardup.options;

/** A bad combination of options, found after parsing: exit code 2 with this message. */
public final class UsageException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public UsageException(String message) {
    super(message);
  }
}
