package org.neardup.shingle;

/** What a shingle is made of. */
public enum ShingleUnit {
  /** k consecutive characters (UTF-16 code units) of the normalized text. */
  CHAR,
  /** k consecutive words; words are the text's whitespace-separated tokens. */
  WORD
}
