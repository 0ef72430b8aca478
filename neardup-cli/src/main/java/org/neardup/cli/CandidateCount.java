package org.neardup.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.neardup.lsh.LshParams;
import org.neardup.pipeline.Corpus;
import org.neardup.pipeline.Progress;

/**
 * How many candidate pairs LSH banding will examine, counted before the pair phase from the
 * bucket sizes: the sum over bands and buckets of size (size - 1) / 2. A pair sharing several
 * bands is counted once per band, so this is an upper bound on the distinct candidate pairs, and
 * exactly the number of bucket-mate visits the pair phase makes. It costs one pass over the n
 * signatures per band, counting keys in a hash table, far less than the pair phase. Stateless and
 * thread-safe.
 */
public final class CandidateCount {
  /** Above this many candidate pairs, the commands warn before the pair phase. */
  public static final long WARNING_LIMIT = 50_000_000L;

  private CandidateCount() {}

  /** The count, on {@code threads} threads, one band at a time each; a stage of {@code progress}. */
  public static long count(Corpus corpus, LshParams params, int threads, Progress progress) {
    int bands = params.bands();
    progress.start("counting candidates", bands);
    AtomicInteger nextBand = new AtomicInteger();
    int workers = Math.max(1, Math.min(threads, bands));
    ExecutorService pool = Executors.newFixedThreadPool(workers, runnable -> {
      Thread thread = new Thread(runnable, "neardup-count");
      thread.setDaemon(true);
      return thread;
    });
    try {
      List<Future<Long>> futures = new ArrayList<>();
      for (int w = 0; w < workers; w++) {
        futures.add(pool.submit(() -> {
          BucketSizes buckets = new BucketSizes(corpus.size());
          long sum = 0;
          for (int band; (band = nextBand.getAndIncrement()) < bands; ) {
            sum = saturatedAdd(sum, bucketPairs(corpus, band, params.rows(), buckets));
            progress.advance(1);
          }
          return sum;
        }));
      }
      long total = 0;
      for (Future<Long> future : futures) {
        total = saturatedAdd(total, future.get());
      }
      return total;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while counting candidates", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException runtime) {
        throw runtime;
      }
      throw new IllegalStateException(e.getCause());
    } finally {
      pool.shutdownNow();
      progress.finish();
    }
  }

  /** Pairs of documents whose values agree on all rows of {@code band}. */
  private static long bucketPairs(Corpus corpus, int band, int rows, BucketSizes buckets) {
    buckets.clear();
    int from = band * rows;
    for (int i = 0; i < corpus.size(); i++) {
      int[] signature = corpus.signature(i);
      long h = 0x9E3779B97F4A7C15L;
      for (int r = from; r < from + rows; r++) {
        h = mix(h ^ (signature[r] & 0xFFFFFFFFL));
      }
      buckets.add(h);
    }
    return buckets.pairs();
  }

  /** Documents per bucket key: an open-addressing table with room for n keys. Not thread-safe. */
  private static final class BucketSizes {
    private final long[] keys;
    private final int[] sizes;
    private final int mask;

    BucketSizes(int n) {
      int capacity = Integer.highestOneBit(Math.max(16, 2 * n - 1)) << 1;
      keys = new long[capacity];
      sizes = new int[capacity];
      mask = capacity - 1;
    }

    void clear() {
      Arrays.fill(sizes, 0);
    }

    void add(long key) {
      int slot = (int) (key ^ (key >>> 32)) & mask;
      while (sizes[slot] != 0 && keys[slot] != key) {
        slot = (slot + 1) & mask;
      }
      keys[slot] = key;
      sizes[slot]++;
    }

    /** The sum over buckets of size (size - 1) / 2. */
    long pairs() {
      long pairs = 0;
      for (int size : sizes) {
        pairs += (long) size * (size - 1) / 2;
      }
      return pairs;
    }
  }

  /** A 64-bit finalizer (a bijection), so equal rows give equal keys and others almost never do. */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  private static long saturatedAdd(long a, long b) {
    long sum = a + b;
    return sum < 0 ? Long.MAX_VALUE : sum;
  }

  /** The warning for {@code count} candidate pairs, without the {@code neardup: warning: } prefix. */
  public static String warning(long count, LshParams params, double threshold) {
    return String.format(Locale.ROOT,
        "%s banding will examine up to %,d candidate pairs (more than %,d): expect a long run and much memory."
            + " A higher -t (now %s), more rows per band (see 'neardup tune'), or --exact may cost far less",
        params, count, WARNING_LIMIT, Formats.plain(threshold));
  }
}
