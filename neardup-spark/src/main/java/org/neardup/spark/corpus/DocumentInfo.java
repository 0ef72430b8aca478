package org.neardup.spark.corpus;

import java.io.Serializable;

/**
 * What the output steps need of a document: ordinal (input order), id and raw text length (for the
 * keep policies). Immutable and serializable.
 */
public record DocumentInfo(long ordinal, String id, int textLength) implements Serializable {
  private static final long serialVersionUID = 1L;

  /** Document {@code index} of {@code split}. */
  public static DocumentInfo of(SignedSplit split, int index) {
    return new DocumentInfo(split.ordinal(index), split.id(index), split.textLength(index));
  }
}
