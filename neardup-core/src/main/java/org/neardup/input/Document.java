package org.neardup.input;

import java.util.Objects;

/**
 * One input record: its id, its raw (not yet normalized) text, and where it came from.
 *
 * @param id the record's id (never null, never empty)
 * @param text the record's raw text (never null; may be empty, the pipeline decides what to do)
 * @param source the file the record was read from, as given by the user (for messages)
 * @param line 1-based line on which the record starts in {@code source} (for a directory input, 1)
 * @param recordIndex 0-based index of the record within {@code source}, counting every record the
 *     reader saw, including skipped ones; a copier of the input format uses it to copy records
 *     through
 */
public record Document(String id, String text, String source, long line, long recordIndex) {
  public Document {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(source, "source");
  }
}
