package org.neardup.batch.lsh;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.neardup.batch.corpus.Corpus;
import org.neardup.batch.corpus.Progress;
import org.neardup.batch.spill.BandKeyRuns;
import org.neardup.batch.spill.CorpusStores;
import org.neardup.batch.spill.IntLog;
import org.neardup.config.MemoryBudget;
import org.neardup.config.PipelineConfig;
import org.neardup.internal.concurrent.ParallelRange;
import org.neardup.internal.concurrent.Workers;
import org.neardup.lsh.Banding;
import org.neardup.sort.SortedEntries;

/**
 * The LSH buckets of a corpus that hold two documents or more, band by band, found by sorting
 * (bucket key, ordinal) entries rather than by a hash table: a band's entries ({@link BandKeyRuns},
 * filled while reading) are sorted, merged from runs on disk when there were too many for memory,
 * and runs of equal keys are the buckets. Buckets of one document, most of them, are dropped at
 * once, so what stays is small: for each bucket of two or more, its band and members (ordinals
 * ascending), in an {@link IntLog} (on disk past its budget).
 *
 * <p>Grouping also counts {@link #pairVisits()}, the sum over buckets of s(s − 1)/2: the work of
 * the candidate phase, and an upper bound on the distinct candidate pairs, known before any pair is
 * looked at. Not thread-safe; close it to free its file.
 */
final class BucketGroups implements AutoCloseable {
  /** Ints a band's thread collects before appending them to the shared log. */
  private static final int FLUSH_INTS = 1 << 15;

  private final IntLog log;
  private final int bands;
  private long pairVisits;
  private long groups;
  private long largest;

  private BucketGroups(IntLog log, int bands) {
    this.log = log;
    this.bands = bands;
  }

  /**
   * Groups the buckets of every band of {@code corpus}, bands on {@code config.threads()} threads.
   */
  static BucketGroups collect(Corpus corpus, Progress progress) {
    PipelineConfig config = corpus.config();
    Banding banding = new Banding(config.lshParams());
    int bands = banding.params().bands();
    MemoryBudget budget = corpus.budget();
    BucketGroups result =
        new BucketGroups(new IntLog(budget.sortBytes() / 2, budget.spillDirectory()), bands);
    int threads = Math.max(1, Math.min(config.threads(), bands));
    progress.start("grouping buckets", bands);
    AtomicInteger nextBand = new AtomicInteger();
    ExecutorService pool =
        Executors.newFixedThreadPool(threads, Workers.daemonFactory("neardup-buckets"));
    try {
      List<Future<long[]>> futures = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        futures.add(
            pool.submit(
                () -> {
                  long[] counts = new long[3]; // pair visits, groups, largest
                  for (int band; (band = nextBand.getAndIncrement()) < bands; ) {
                    BandKeyRuns keys = CorpusStores.signatures(corpus).bandKeys();
                    try (SortedEntries entries = keys.sorted(band)) {
                      result.group(entries, band, counts);
                    }
                    keys.release(band);
                    progress.advance(1);
                  }
                  return counts;
                }));
      }
      for (Future<long[]> future : futures) {
        long[] counts = ParallelRange.get(future);
        result.pairVisits = saturatedAdd(result.pairVisits, counts[0]);
        result.groups += counts[1];
        result.largest = Math.max(result.largest, counts[2]);
      }
    } catch (RuntimeException | Error e) {
      result.close();
      throw e;
    } finally {
      pool.shutdownNow();
      progress.finish();
    }
    return result;
  }

  /** Reads one band's entries and logs its buckets of two or more. */
  private void group(SortedEntries entries, int band, long[] counts) {
    int[] out = new int[FLUSH_INTS + 64];
    int outLength = 0;
    int[] members = new int[16];
    int size = 0;
    long key = 0;
    boolean more = entries.next();
    while (more) {
      key = entries.key();
      size = 0;
      do {
        if (size == members.length) {
          members = java.util.Arrays.copyOf(members, size * 2);
        }
        members[size++] = entries.value();
        more = entries.next();
      } while (more && entries.key() == key);
      if (size < 2) {
        continue;
      }
      counts[0] = saturatedAdd(counts[0], (long) size * (size - 1) / 2);
      counts[1]++;
      counts[2] = Math.max(counts[2], size);
      if (outLength + size + 2 > out.length) {
        log.append(out, outLength);
        outLength = 0;
        if (size + 2 > out.length) {
          out = new int[size + 2];
        }
      }
      out[outLength++] = band;
      out[outLength++] = size;
      System.arraycopy(members, 0, out, outLength, size);
      outLength += size;
      if (outLength >= FLUSH_INTS) {
        log.append(out, outLength);
        outLength = 0;
      }
    }
    log.append(out, outLength);
  }

  /**
   * The sum over buckets of s(s − 1)/2: how many (bucket, pair) visits finding the candidates
   * takes, an upper bound on the distinct candidate pairs (a pair sharing several bands counts once
   * a band).
   */
  long pairVisits() {
    return pairVisits;
  }

  /** Buckets of two documents or more. */
  long groups() {
    return groups;
  }

  /** The most documents in one bucket. */
  long largestGroup() {
    return largest;
  }

  int bands() {
    return bands;
  }

  /** Bytes written to disk. */
  long spilledBytes() {
    return log.spilledBytes();
  }

  /** Reads the groups: {@code band, size, members...} records, in no particular order. */
  IntLog.Reader reader() {
    return log.reader();
  }

  @Override
  public void close() {
    log.close();
  }

  static long saturatedAdd(long a, long b) {
    long sum = a + b;
    return sum < 0 ? Long.MAX_VALUE : sum;
  }
}
