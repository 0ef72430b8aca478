package org.neardup.shingle;

/** What a shingle is made of. */
public enum ShingleUnit {
  /** k consecutive characters (Unicode code points, see {@link ShingleHashVersion}) of the normalized text. */
  CHAR,
  /** k consecutive words; words are the text's whitespace-separated tokens. */
  WORD
}
