package org.neardup.corpus;

import java.nio.file.Path;

/**
 * Where a {@link CorpusBuilder} keeps shingle sets: in memory up to {@code memoryBudgetBytes},
 * then in a temporary file in {@code spillDirectory}.
 *
 * @param memoryBudgetBytes bytes of shingle hashes held in memory before spilling, at least 0
 * @param spillDirectory directory of the spill file; null for the system's temporary directory
 */
public record ShingleStorage(long memoryBudgetBytes, Path spillDirectory) {
  public ShingleStorage {
    if (memoryBudgetBytes < 0) {
      throw new IllegalArgumentException("memory budget must be at least 0, got " + memoryBudgetBytes);
    }
  }

  /** A third of the maximum heap, then the system's temporary directory. */
  public static ShingleStorage defaults() {
    return new ShingleStorage(Runtime.getRuntime().maxMemory() / 3, null);
  }
}
