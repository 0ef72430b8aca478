package org.neardup.input;

import java.util.Locale;
import java.util.Optional;
import org.neardup.api.Faces;

/**
 * The rule every document id follows, wherever it enters neardup (the readers of files, {@code
 * index build}, signature files, the HTTP API, the Spark job): 1 to {@value #MAX_UTF8_BYTES} bytes
 * in UTF-8, well-formed Unicode (no lone surrogate, so that two ids are equal exactly when their
 * UTF-8 bytes are), and no control character: none of U+0000 to U+001F (tab and line breaks
 * included), U+007F to U+009F (NEL U+0085 included), U+2028 and U+2029. Such an id can be put in a
 * URL path, a log line and a field of tab-separated output as it is, and shown on a terminal
 * without acting on it. Ids are otherwise compared exactly: no normalization, spaces kept.
 * Stateless and thread-safe.
 */
@Faces
public final class DocumentId {
  /** The longest id, in UTF-8 bytes. */
  public static final int MAX_UTF8_BYTES = 512;

  private DocumentId() {}

  /**
   * What is wrong with {@code id}, as a phrase that follows "the id" ({@code "holds the control
   * character U+000B at character 3"}; characters are counted as code points from 1), or empty when
   * it follows the rule.
   */
  public static Optional<String> problem(String id) {
    int length = id.length();
    if (length == 0) {
      return Optional.of("is empty");
    }
    if (length > MAX_UTF8_BYTES) {
      return Optional.of(tooLong(id));
    }
    int bytes = 0;
    int position = 0;
    for (int i = 0; i < length; i++) {
      char c = id.charAt(i);
      position++;
      if (c < 0x80) {
        if (c < 0x20 || c == 0x7f) {
          return Optional.of(controlCharacter(c, position));
        }
        bytes++;
      } else if (c < 0x800) {
        if (c <= 0x9f) {
          return Optional.of(controlCharacter(c, position));
        }
        bytes += 2;
      } else if (Character.isSurrogate(c)) {
        if (!Character.isHighSurrogate(c)
            || i + 1 == length
            || !Character.isLowSurrogate(id.charAt(i + 1))) {
          return Optional.of(Unicode.loneSurrogate(c, position));
        }
        i++;
        bytes += 4;
      } else {
        if (c == '\u2028' || c == '\u2029') {
          return Optional.of(controlCharacter(c, position));
        }
        bytes += 3;
      }
    }
    return bytes > MAX_UTF8_BYTES ? Optional.of(tooLong(id)) : Optional.empty();
  }

  /** Whether {@code id} follows the rule. */
  public static boolean isValid(String id) {
    return problem(id).isEmpty();
  }

  /**
   * Returns {@code id} if it follows the rule.
   *
   * @throws IllegalArgumentException saying what is wrong ({@code "the id holds the control
   *     character U+001B at character 2"}) otherwise
   */
  public static String check(String id) {
    Optional<String> problem = problem(id);
    if (problem.isPresent()) {
      throw new IllegalArgumentException("the id " + problem.get());
    }
    return id;
  }

  /**
   * The {@link InputException} ({@link InputProblem#INVALID_ID}) for an id read at {@code
   * source:line} as record {@code recordIndex} of its input ({@link Document#recordIndex()}, -1
   * when unknown), or empty when the id follows the rule.
   */
  public static Optional<InputException> problem(
      String id, String source, long line, long recordIndex) {
    return recordDetail(id)
        .map(
            detail ->
                new InputException(source, line, recordIndex, InputProblem.INVALID_ID, detail));
  }

  /**
   * What a message about a record with this id says after {@code FILE:LINE: } ({@code "invalid id
   * 'a\u000Bb' (it holds the control character U+000B at character 2)"}, the id quoted with such
   * characters escaped), or empty when the id follows the rule.
   */
  public static Optional<String> recordDetail(String id) {
    return problem(id)
        .map(
            problem ->
                InputProblem.INVALID_ID.description()
                    + " '"
                    + Unicode.escaped(id)
                    + "' (it "
                    + problem
                    + ")");
  }

  private static String tooLong(String id) {
    return String.format(
        Locale.ROOT,
        "is longer than %d bytes in UTF-8 (%d)",
        MAX_UTF8_BYTES,
        Unicode.utf8Length(id));
  }

  private static String controlCharacter(char c, int position) {
    return "holds the control character " + Unicode.codePoint(c) + " at character " + position;
  }
}
