package org.neardup.internal.concurrent;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongConsumer;
import org.neardup.verify.SimilarPair;

/**
 * Runs a pair-producing task over 0..n-1 on several threads, handing out chunks dynamically (work
 * per index is uneven), and merges the pairs in (first, second) order.
 */
public final class ParallelRange {
  /** Produces the pairs of one index into a thread's own list. */
  public interface PairTask {
    void run(int index, List<SimilarPair> out);
  }

  private static final int CHUNK = 64;

  private ParallelRange() {}

  /**
   * Runs {@code task} for every index in 0..n-1 on {@code threads} threads, telling {@code
   * advanced} how many indexes are done; the pairs in (first, second) order.
   */
  public static List<SimilarPair> pairs(int n, int threads, LongConsumer advanced, PairTask task) {
    List<SimilarPair> all = collect(n, threads, advanced, task::run);
    all.sort(Comparator.comparingInt(SimilarPair::first).thenComparingInt(SimilarPair::second));
    return all;
  }

  /** Produces the results of one index into a thread's own list. */
  public interface Task<T> {
    void run(int index, List<T> out);
  }

  /**
   * Runs {@code task} for every index in 0..n-1 on {@code threads} threads; results in no
   * particular order.
   */
  public static <T> List<T> collect(int n, int threads, LongConsumer advanced, Task<T> task) {
    AtomicInteger next = new AtomicInteger();
    ExecutorService pool =
        Executors.newFixedThreadPool(threads, Workers.daemonFactory("neardup-pairs"));
    try {
      List<Future<List<T>>> futures = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        futures.add(
            pool.submit(
                () -> {
                  List<T> out = new ArrayList<>();
                  for (int start; (start = next.getAndAdd(CHUNK)) < n; ) {
                    int end = Math.min(n, start + CHUNK);
                    for (int i = start; i < end; i++) {
                      task.run(i, out);
                    }
                    advanced.accept(end - start);
                  }
                  return out;
                }));
      }
      List<T> all = new ArrayList<>();
      for (Future<List<T>> future : futures) {
        all.addAll(get(future));
      }
      return all;
    } finally {
      pool.shutdownNow();
    }
  }

  /** Runs {@code task} for every index in 0..n-1 on {@code threads} threads. */
  public static void forEach(int n, int threads, java.util.function.IntConsumer task) {
    pairs(n, threads, steps -> {}, (i, out) -> task.accept(i));
  }

  /** The future's value; its task's exception rethrown as it was (wrapped when checked). */
  public static <T> T get(Future<T> future) {
    try {
      return future.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException runtime) {
        throw runtime;
      }
      if (cause instanceof Error error) {
        throw error;
      }
      throw new IllegalStateException(cause);
    }
  }
}
