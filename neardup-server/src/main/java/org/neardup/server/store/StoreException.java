package org.neardup.server.store;

import org.neardup.error.NearDupException;

/**
 * The persistent index could not be read or written (a disk error, a corrupt file): a failure of
 * the server's storage, never of what a client sent (the service answers 500), and not a bug (the
 * CLI says it in one line, exit 2).
 */
public final class StoreException extends NearDupException {
  private static final long serialVersionUID = 1L;

  public StoreException(String message, Throwable cause) {
    super(message, cause);
  }
}
