package org.neardup.io;

import java.util.regex.Pattern;

/**
 * The number a record is kept by ({@code --keep field:NAME}), read from a field's text: a decimal
 * number as JSON writes one (an optional minus or plus sign, digits with an optional fraction, an
 * optional exponent), surrounding spaces aside, finite. {@code NaN}, {@code Infinity}, hexadecimal
 * and Java's {@code 1.5d} are not numbers here. Stateless.
 */
public final class KeepValues {
  private static final Pattern NUMBER =
      Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

  private KeepValues() {}

  /** The value of {@code text}, or NaN when it is not a finite decimal number. */
  public static double parse(String text) {
    if (text == null) {
      return Double.NaN;
    }
    String trimmed = text.strip();
    if (!NUMBER.matcher(trimmed).matches()) {
      return Double.NaN;
    }
    double value = Double.parseDouble(trimmed);
    return Double.isFinite(value) ? value : Double.NaN;
  }

  /**
   * What is wrong with a record's keep field: {@code field 'score' is not a number ('high'): --keep
   * field:score needs one in every record}; {@code text} null for a null or empty value.
   */
  public static String notANumber(String field, String text) {
    return "field '"
        + InputErrors.oneLine(field)
        + "' "
        + (text == null || text.isBlank()
            ? "is null or empty"
            : "is not a finite number ('" + InputErrors.oneLine(shorten(text)) + "')")
        + ": --keep field:"
        + field
        + " needs one in every record";
  }

  private static String shorten(String text) {
    return text.length() <= 40 ? text : text.substring(0, 40) + "...";
  }
}
