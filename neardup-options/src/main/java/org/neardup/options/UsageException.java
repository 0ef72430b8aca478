package org.neardup.options;

import org.neardup.error.NearDupException;

/** A bad combination of options, found after parsing: exit code 2 with this message. */
public final class UsageException extends NearDupException {
  private static final long serialVersionUID = 1L;

  public UsageException(String message) {
    super(message);
  }
}
