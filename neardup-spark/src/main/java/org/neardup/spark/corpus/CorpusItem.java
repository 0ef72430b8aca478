package org.neardup.spark.corpus;

import java.io.Serializable;
import org.neardup.spark.input.InputIssue;

/**
 * What reading and signing one record gives: a signed document, an issue, or an empty document
 * (nothing left after normalization: skipped and counted, as the CLI does). Immutable and
 * serializable.
 *
 * @param document the signed document, or null
 * @param issue the bad record or read failure, or null
 * @param isShort whether the document's text is shorter than k (one shingle)
 */
public record CorpusItem(SketchedDocument document, InputIssue issue, boolean isShort)
    implements Serializable {
  private static final long serialVersionUID = 1L;

  /** An empty document. */
  public static final CorpusItem EMPTY = new CorpusItem(null, null, false);

  public boolean isEmptyDocument() {
    return document == null && issue == null;
  }
}
