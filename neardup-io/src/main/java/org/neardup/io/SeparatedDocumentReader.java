package org.neardup.io;

import java.nio.CharBuffer;
import org.neardup.input.Document;
import org.neardup.input.InputProblem;
import org.neardup.input.InputProblems;

/**
 * Reads {@link InputFormat#TSV} ({@code id<TAB>text}) and {@link InputFormat#LINES} ({@code
 * id<SPACE>text}): the id is everything before the first separator, the text everything after it
 * (further separators included; it may be empty). A line without separator is {@link
 * InputProblem#MISSING_TEXT}; a line starting with the separator is {@link
 * InputProblem#MISSING_ID}. Not thread-safe.
 */
final class SeparatedDocumentReader extends LineDocumentReader {
  private final char separator;
  private final String separatorName;

  /**
   * @param separator {@code '\t'} or {@code ' '}
   * @param separatorName the separator's name in messages, e.g. {@code "tab"}
   */
  SeparatedDocumentReader(
      String source,
      Decompression.Opened input,
      InputProblems problems,
      char separator,
      String separatorName) {
    super(source, input, problems);
    this.separator = separator;
    this.separatorName = separatorName;
  }

  @Override
  protected Document parse(CharBuffer chars, long line, long recordIndex) {
    char[] a = chars.array();
    int from = chars.arrayOffset() + chars.position();
    int to = from + chars.remaining();
    int sep = -1;
    for (int i = from; i < to; i++) {
      if (a[i] == separator) {
        sep = i;
        break;
      }
    }
    if (sep == from) {
      report(line, InputProblem.MISSING_ID, "the line starts with a " + separatorName);
      return null;
    }
    if (sep < 0) {
      report(
          line,
          InputProblem.MISSING_TEXT,
          "no " + separatorName + " after the id" + hint(a, from, to, recordIndex));
      return null;
    }
    String id = new String(a, from, sep - from);
    String text = new String(a, sep + 1, to - sep - 1);
    return new Document(id, text, source, line, recordIndex);
  }

  /**
   * For the first record, what the line looks like instead: a JSON object or array ({@code --format
   * jsonl} or {@code json}), or for TSV ids that end at a space ({@code --format lines}).
   */
  private String hint(char[] a, int from, int to, long recordIndex) {
    if (recordIndex != 0) {
      return "";
    }
    int first = from;
    while (first < to && Character.isWhitespace(a[first])) {
      first++;
    }
    if (first < to && a[first] == '{') {
      return "; the line is a JSON object: use --format jsonl";
    }
    if (first < to && a[first] == '[') {
      return "; the line starts a JSON array: use --format json";
    }
    boolean spaced =
        separator == '\t' && CharBuffer.wrap(a, from, to - from).chars().anyMatch(c -> c == ' ');
    return spaced ? "; if ids end at the first space, use --format lines" : "";
  }
}
