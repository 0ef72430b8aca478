package org.neardup.io;

import java.util.Locale;

/** The input formats neardup reads. Each may be gzip-compressed (detected by its magic bytes). */
public enum InputFormat {
  /** One record a line: {@code id<TAB>text}; the text is everything after the first tab. */
  TSV,
  /** One record a line: {@code id<SPACE>text}; the id is everything before the first space. */
  LINES,
  /** Delimited text with a header row, quote-aware (RFC 4180); columns chosen by name. */
  CSV,
  /** JSON Lines: one JSON object a line; id and text fields chosen by name. */
  JSONL,
  /** A directory of text files, walked recursively in sorted order; id = relative path. */
  DIR;

  /** Parses a user-supplied name such as {@code "tsv"} (case-insensitive). */
  public static InputFormat parse(String name) {
    try {
      return valueOf(name.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "unknown format '" + name + "' (expected one of tsv, lines, csv, jsonl, dir)");
    }
  }
}
