package org.neardup.internal.concurrent;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/** Thread factories for the pipeline's worker pools. */
public final class Workers {
  private Workers() {}

  /** Daemon threads named {@code prefix-1}, {@code prefix-2}, … so a stuck run can still exit. */
  public static ThreadFactory daemonFactory(String prefix) {
    AtomicInteger counter = new AtomicInteger();
    return runnable -> {
      Thread thread = new Thread(runnable, prefix + "-" + counter.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }
}
