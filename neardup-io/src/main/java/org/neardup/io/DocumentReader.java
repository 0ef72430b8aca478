package org.neardup.io;

import java.io.Closeable;
import java.util.function.LongPredicate;
import org.neardup.input.Document;
import org.neardup.input.InputException;
import org.neardup.input.InputProblems;

/**
 * Reads the documents of one input, in input order. Not thread-safe: one reader, one thread. Bad
 * records go to the {@link InputProblems} the reader was opened with: they are skipped (and
 * counted) or stop the read with an {@link InputException}.
 */
public interface DocumentReader extends Closeable {
  /**
   * Returns the next document, or null at the end of the input.
   *
   * @throws InputException on bad input that is not skipped, or when the input cannot be read
   */
  Document next();

  /**
   * Returns the next document whose {@link Document#recordIndex()} {@code wanted} accepts, or null
   * at the end, passing over the other records: for reading a few records of an input again.
   * Readers of one record a line pass them over without decoding them; records passed over are not
   * checked, so a bad one among them is not reported.
   *
   * @throws InputException on a wanted record that is bad and not skipped, or when the input cannot
   *     be read
   */
  default Document next(LongPredicate wanted) {
    for (Document document; (document = next()) != null; ) {
      if (wanted.test(document.recordIndex())) {
        return document;
      }
    }
    return null;
  }

  /** Closes the input. Never throws for an already closed reader. */
  @Override
  void close();
}
