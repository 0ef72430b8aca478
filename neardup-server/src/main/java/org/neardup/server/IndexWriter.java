package org.neardup.server;

import java.util.List;
import org.neardup.index.IndexWrite;
import org.neardup.index.WriteResult;

/** Applies writes to the index and returns once they are committed (durable when the index is). */
public interface IndexWriter {
  /** The results of {@code writes}, applied in order, after their commit. */
  List<WriteResult<String>> write(List<IndexWrite<String>> writes);

  /**
   * Why the last commit failed (nothing of it was applied), or null when it succeeded or none was
   * tried yet: a store that cannot write, which {@code /health} reports.
   */
  Throwable lastFailure();
}
