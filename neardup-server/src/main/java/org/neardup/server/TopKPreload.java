package org.neardup.server;

import java.util.Locale;
import java.util.concurrent.CancellationException;
import java.util.function.Consumer;
import org.neardup.index.NearDupIndex;

/**
 * Loads what top-k queries hold in memory ({@link NearDupIndex#prepareTopK}) on a thread of its own
 * when the service starts, so that the first {@code ?top=K} query does not wait for it (it grows
 * with the index: docs/server.md). Requests are served meanwhile; writes wait for the load, as they
 * would for a first top-k query making it. {@link #stop} interrupts it.
 */
final class TopKPreload {
  private final Thread thread;

  private TopKPreload(Thread thread) {
    this.thread = thread;
  }

  /** Starts loading {@code index}'s top-k floor, if it has one; says in {@code log} when done. */
  static TopKPreload start(NearDupIndex<?> index, Consumer<String> log) {
    Thread thread =
        new Thread(
            () -> {
              long start = System.nanoTime();
              try {
                index.prepareTopK();
                log.accept(
                    String.format(
                        Locale.ROOT,
                        "neardup: top-k floor loaded (%d documents, %.1f s)",
                        index.size(),
                        (System.nanoTime() - start) / 1e9));
              } catch (CancellationException e) {
                // stopped during the load: nothing to say
              } catch (RuntimeException e) {
                log.accept(
                    "neardup: could not load the top-k floor (the first top-k query will try"
                        + " again): "
                        + e.getMessage());
              }
            },
            "neardup-top-k-preload");
    thread.setDaemon(true);
    thread.start();
    return new TopKPreload(thread);
  }

  /** Interrupts the load if it is running and waits for it to end. */
  void stop() {
    thread.interrupt();
    try {
      thread.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
