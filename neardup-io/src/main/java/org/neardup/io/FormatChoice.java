package org.neardup.io;

/**
 * The format {@link InputFormat#choose} picks for an input, and, when the input's content decided
 * it rather than its name or a directory, why: for the one line that says what was guessed.
 *
 * @param format the format the input is read in
 * @param reason why the content says so ({@code its first line is a JSON object}), or null when the
 *     name or a directory decided
 */
public record FormatChoice(InputFormat format, String reason) {
  static FormatChoice named(InputFormat format) {
    return new FormatChoice(format, null);
  }

  static FormatChoice guessed(InputFormat format, String reason) {
    return new FormatChoice(format, reason);
  }

  /** Whether the content, not the name, decided. */
  public boolean guessed() {
    return reason != null;
  }
}
