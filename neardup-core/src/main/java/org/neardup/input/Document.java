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
 * @param keepValue the record's value of the field a run keeps by ({@code --keep field:NAME}), a
 *     finite number; NaN when the run keeps by no field
 */
public record Document(
    String id, String text, String source, long line, long recordIndex, double keepValue) {
  public Document {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(source, "source");
    if (Double.isInfinite(keepValue)) {
      throw new IllegalArgumentException("keepValue must be finite or NaN, got " + keepValue);
    }
  }

  /** A record of a run that keeps by no field: {@link #keepValue()} NaN. */
  public Document(String id, String text, String source, long line, long recordIndex) {
    this(id, text, source, line, recordIndex, Double.NaN);
  }

  /** Whether the record has a value of the field a run keeps by. */
  public boolean hasKeepValue() {
    return !Double.isNaN(keepValue);
  }
}
