package org.neardup.input;

import java.util.Optional;
import org.neardup.api.Faces;

/**
 * The rule every document text (and query text) follows, wherever it enters neardup: well-formed
 * Unicode, without a lone surrogate. Readers decode UTF-8 strictly, so only an escape can make one
 * (a JSON {@code "\ud800"} without its pair); it is refused rather than stored as {@code ?} or
 * replaced. Any length, any other character. Stateless and thread-safe.
 */
@Faces
public final class DocumentText {
  private DocumentText() {}

  /**
   * What is wrong with {@code text}, as a phrase that follows "the text" ({@code "holds a lone
   * surrogate U+D800 at character 7 ..."}, characters counted as code points from 1), or empty when
   * it follows the rule.
   */
  public static Optional<String> problem(String text) {
    int at = Unicode.firstLoneSurrogate(text);
    if (at < 0) {
      return Optional.empty();
    }
    return Optional.of(
        Unicode.loneSurrogate(text.charAt(at), Character.codePointCount(text, 0, at) + 1));
  }

  /**
   * The {@link InputException} ({@link InputProblem#INVALID_TEXT}) for a text read at {@code
   * source:line} as record {@code recordIndex} of its input ({@link Document#recordIndex()}, -1
   * when unknown), or empty when the text follows the rule.
   */
  public static Optional<InputException> problem(
      String text, String source, long line, long recordIndex) {
    return recordDetail(text)
        .map(
            detail ->
                new InputException(source, line, recordIndex, InputProblem.INVALID_TEXT, detail));
  }

  /**
   * What a message about a record with this text says after {@code FILE:LINE: }, or empty when the
   * text follows the rule.
   */
  public static Optional<String> recordDetail(String text) {
    return problem(text)
        .map(problem -> InputProblem.INVALID_TEXT.description() + " (it " + problem + ")");
  }
}
