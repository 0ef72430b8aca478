package org.neardup.options;

import java.io.IOException;

/**
 * An output written aside and put in place only by {@link #commit()}; {@link #close()} without a
 * commit leaves nothing behind. Not thread-safe.
 */
public interface PendingOutput extends AutoCloseable {
  /** Puts the complete output in place. */
  void commit() throws IOException;

  /** Discards the output unless it was committed. */
  @Override
  void close();
}
