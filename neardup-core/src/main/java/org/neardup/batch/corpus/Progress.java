package org.neardup.batch.corpus;

/**
 * Receives progress of long-running stages (for a progress bar). Calls may come from several
 * threads; implementations must be thread-safe.
 */
public interface Progress {
  /** Does nothing. */
  Progress NONE =
      new Progress() {
        @Override
        public void start(String stage, long total) {}

        @Override
        public void advance(long steps) {}

        @Override
        public void finish() {}
      };

  /** A stage begins; {@code total} is its number of steps, or -1 when unknown. */
  void start(String stage, long total);

  /**
   * A stage begins whose steps are bytes ({@code totalBytes} of them, or -1 when unknown), such as
   * reading the inputs: a bar may show them in megabytes. The default is {@link #start}.
   */
  default void startBytes(String stage, long totalBytes) {
    start(stage, totalBytes);
  }

  /** {@code steps} more steps of the current stage are done. */
  void advance(long steps);

  /** The current stage is over. */
  void finish();
}
