package org.neardup.io;

import java.io.Closeable;
import org.neardup.input.Document;
import org.neardup.input.InputException;
import org.neardup.input.InputProblems;

/**
 * Reads the documents of one input, in input order. Not thread-safe: one reader, one thread.
 * Bad records go to the {@link InputProblems} the reader was opened with: they are skipped (and
 * counted) or stop the read with an {@link InputException}.
 */
public interface DocumentReader extends Closeable {
  /**
   * Returns the next document, or null at the end of the input.
   *
   * @throws InputException on bad input that is not skipped, or when the input cannot be read
   */
  Document next();

  /** Closes the input. Never throws for an already closed reader. */
  @Override
  void close();
}
