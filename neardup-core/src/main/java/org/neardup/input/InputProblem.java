package org.neardup.input;

/** The kinds of bad record that {@link OnError#SKIP} may skip, each counted separately. */
public enum InputProblem {
  INVALID_UTF8("invalid UTF-8"),
  MISSING_ID("record without id"),
  MISSING_TEXT("record without text"),
  MALFORMED_RECORD("malformed record"),
  DUPLICATE_ID("duplicate id"),
  /**
   * An id that breaks {@link DocumentId}'s rule (a control character, a lone surrogate, too long).
   */
  INVALID_ID("invalid id"),
  /**
   * A record without a number in the field a run keeps by ({@code --keep field:NAME}): the field
   * missing, null, empty, or not a finite number.
   */
  NO_KEEP_VALUE("record without a number to keep by"),
  /** A text that breaks {@link DocumentText}'s rule (a lone surrogate). */
  INVALID_TEXT("invalid text"),
  /** Nothing left after normalization: always skipped and counted, never an error. */
  EMPTY_DOCUMENT("empty document (nothing left after normalization)");

  private final String description;

  InputProblem(String description) {
    this.description = description;
  }

  /** A short human description, e.g. {@code "duplicate id"}. */
  public String description() {
    return description;
  }
}
