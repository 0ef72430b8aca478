package org.neardup.server;

/**
 * A write refused because the server is stopping: it was not committed, and nothing of it is
 * stored. The service answers 503.
 */
public final class WriterClosedException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  WriterClosedException() {
    super("the server is shutting down: nothing of this write was stored");
  }
}
