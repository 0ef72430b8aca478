package org.neardup.cli;

/** A bad combination of options, found after parsing: exit code 2 with this message. */
final class UsageException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  UsageException(String message) {
    super(message);
  }
}
