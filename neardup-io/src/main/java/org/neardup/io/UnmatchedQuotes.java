package org.neardup.io;

import java.io.FilterReader;
import java.io.IOException;
import java.io.Reader;

/**
 * Watches the characters commons-csv reads for the mark of an unmatched quote, which its leniency
 * about text after a closing quote ({@link CsvRows}) would otherwise take silently: a quoted field
 * that spans a line break and whose closing quote is followed by more text. In {@code 1,"hello
 * world} then {@code 2,"more"}, the quote opened on the first line is closed by the first quote of
 * the second, so the two lines become one record; a well-formed field that spans lines ends with
 * its quote before a delimiter or a line break (blanks between are let be). Follows RFC 4180's
 * quoting as commons-csv does: a quote opens a field only as its first character, two quotes inside
 * are one. Not thread-safe.
 */
final class UnmatchedQuotes extends FilterReader {
  /** Where the reader is in a record. */
  private enum State {
    FIELD_START,
    UNQUOTED,
    QUOTED,
    QUOTE_IN_QUOTED,
    CLOSED_BLANKS,
    AFTER_TEXT
  }

  /** A quoted field opened on {@code openLine} and closed on {@code closeLine}, text after it. */
  record Found(long openLine, long closeLine) {}

  private final char delimiter;
  private State state = State.FIELD_START;
  private long line = 1;
  private boolean afterCarriageReturn;
  private boolean spansLines;
  private long openLine;
  private Found found;

  UnmatchedQuotes(Reader in, char delimiter) {
    super(in);
    this.delimiter = delimiter;
  }

  /** The first unmatched quote seen so far, or null. */
  Found found() {
    return found;
  }

  @Override
  public int read() throws IOException {
    int c = super.read();
    if (c >= 0) {
      see((char) c);
    }
    return c;
  }

  @Override
  public int read(char[] chars, int off, int len) throws IOException {
    int n = super.read(chars, off, len);
    for (int i = 0; i < n; i++) {
      see(chars[off + i]);
    }
    return n;
  }

  private void see(char c) {
    boolean lineBreak = c == '\r' || c == '\n';
    switch (state) {
      case FIELD_START -> {
        if (c == '"') {
          state = State.QUOTED;
          openLine = line;
          spansLines = false;
        } else if (!lineBreak && c != delimiter) {
          state = State.UNQUOTED;
        }
      }
      case UNQUOTED, AFTER_TEXT -> {
        if (lineBreak || c == delimiter) {
          state = State.FIELD_START;
        }
      }
      case QUOTED -> {
        if (c == '"') {
          state = State.QUOTE_IN_QUOTED;
        } else if (lineBreak) {
          spansLines = true;
        }
      }
      case QUOTE_IN_QUOTED, CLOSED_BLANKS -> {
        if (c == '"' && state == State.QUOTE_IN_QUOTED) {
          state = State.QUOTED; // a doubled quote: one quote of the text
        } else if (lineBreak || c == delimiter) {
          state = State.FIELD_START;
        } else if (c == ' ' || c == '\t') {
          state = State.CLOSED_BLANKS; // blanks before the delimiter: no text yet
        } else {
          if (spansLines && found == null) {
            found = new Found(openLine, line);
          }
          state = State.AFTER_TEXT;
        }
      }
    }
    countLine(c);
  }

  /** Counts line breaks as commons-csv does: CR, LF and CR LF are one each. */
  private void countLine(char c) {
    if (c == '\n') {
      if (!afterCarriageReturn) {
        line++;
      }
    } else if (c == '\r') {
      line++;
    }
    afterCarriageReturn = c == '\r';
  }
}
