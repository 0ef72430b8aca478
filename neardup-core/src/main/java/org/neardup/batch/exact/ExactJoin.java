package org.neardup.batch.exact;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.neardup.api.Internal;
import org.neardup.batch.corpus.Corpus;
import org.neardup.batch.corpus.PairResult;
import org.neardup.batch.corpus.Progress;
import org.neardup.batch.corpus.Resketch;
import org.neardup.batch.spill.RankStore;
import org.neardup.collect.LongIntHashMap;
import org.neardup.config.MemoryBudget;
import org.neardup.config.PipelineConfig;
import org.neardup.format.ShingleSetFormat;
import org.neardup.sort.SpillFile;
import org.neardup.verify.ParityBitmap;
import org.neardup.verify.VerifyMode;

/**
 * The exact join of a corpus ({@link PrefixFilterJoin}) within its {@link MemoryBudget}: every
 * shingle set is looked at twice, once to count how many documents hold each shingle (which gives
 * the global order, rarest first) and make each document's {@link ParityBitmap}, once to turn it
 * into ranks. The sets come from the corpus when it keeps them; otherwise the inputs are read once
 * again and the sets wait, sorted, in a temporary file between the two looks. Rank arrays past the
 * budget go to a temporary file too ({@link RankStore}), and the join takes documents in blocks
 * that fit. Memory: 128 to 512 bytes a document for the bitmap (more at lower thresholds), 24 bytes
 * a distinct shingle for the order, and the budget. Stateless.
 */
@Internal
public final class ExactJoin {
  private ExactJoin() {}

  /**
   * Every pair of the corpus at or above the threshold, by the exact prefix-filter join over the
   * shingle sets.
   *
   * @throws IllegalStateException in {@link VerifyMode#ESTIMATE}, which keeps no shingle sets
   */
  // spilled is closed as soon as the ranks hold what the join needs (its file goes before the
  // join's are written); its close() is idempotent.
  @SuppressWarnings("try")
  public static PairResult run(Corpus corpus, Progress progress) {
    PipelineConfig config = corpus.config();
    if (config.verify() != VerifyMode.EXACT) {
      throw new IllegalStateException("the exact join needs shingle sets (verify mode EXACT)");
    }
    int n = corpus.size();
    MemoryBudget budget = corpus.budget();
    int words = ParityBitmap.wordsFor(config.threshold());
    long[] bitmaps = new long[n * words];
    LongIntHashMap frequency = new LongIntHashMap(1 << 16);
    try (SetFile spilled = corpus.keepsShingleSets() ? null : new SetFile(n, budget)) {
      progress.start(
          corpus.keepsShingleSets() ? "counting shingles" : "counting shingles (reading again)", n);
      Resketch.Consumer count =
          (ordinal, set) -> {
            count(frequency, set);
            ParityBitmap.write(set, bitmaps, ordinal * words, words);
            if (spilled != null) {
              spilled.put(ordinal, set);
            }
            progress.advance(1);
          };
      if (spilled == null) {
        for (int ordinal = 0; ordinal < n; ordinal++) {
          count.accept(ordinal, corpus.shingles(ordinal));
        }
      } else {
        Resketch.sets(corpus, ordinal -> true, count);
      }
      progress.finish();
      int distinct = rank(frequency);
      try (RankStore ranks = new RankStore(n, budget.joinBytes() / 2, budget.spillDirectory())) {
        progress.start("ranking shingles", n);
        for (int ordinal = 0; ordinal < n; ordinal++) {
          long[] set = spilled == null ? corpus.shingles(ordinal) : spilled.get(ordinal);
          ranks.put(ordinal, sortedRanks(set, frequency));
          progress.advance(1);
        }
        progress.finish();
        if (spilled != null) {
          spilled.close(); // the ranks have what the join needs
        }
        return PrefixFilterJoin.join(
            ranks,
            bitmaps,
            config.threshold(),
            distinct,
            config.threads(),
            Math.max(1 << 20, budget.joinBytes() / 2),
            progress);
      }
    }
  }

  /**
   * The pairs the exact join would examine (that pass its prefix, length and positional filters) on
   * these sets alone, in memory: how the {@code PairPlanner} measures a sample.
   */
  public static long examinedPairs(long[][] sets, double threshold, int threads) {
    LongIntHashMap frequency = frequencies(sets);
    int distinct = rank(frequency);
    int words = ParityBitmap.wordsFor(threshold);
    long[] bitmaps = new long[sets.length * words];
    try (RankStore ranks = new RankStore(sets.length, Long.MAX_VALUE, null)) {
      for (int d = 0; d < sets.length; d++) {
        ParityBitmap.write(sets[d], bitmaps, d * words, words);
        ranks.put(d, sortedRanks(sets[d], frequency));
      }
      return PrefixFilterJoin.join(
              ranks, bitmaps, threshold, distinct, threads, 1L << 40, Progress.NONE)
          .candidatePairs();
    }
  }

  /** How many of {@code sets} hold each shingle. */
  static LongIntHashMap frequencies(long[][] sets) {
    LongIntHashMap frequency = new LongIntHashMap(1 << 16);
    for (long[] set : sets) {
      count(frequency, set);
    }
    return frequency;
  }

  /** Adds one to the count of each shingle of {@code set}. */
  private static void count(LongIntHashMap frequency, long[] set) {
    for (long shingle : set) {
      int seen = frequency.get(shingle);
      frequency.put(shingle, seen == LongIntHashMap.ABSENT ? 1 : seen + 1);
    }
  }

  /** {@code set} as its ranks ({@code rank} after {@link #rank}), ascending. */
  static int[] sortedRanks(long[] set, LongIntHashMap rank) {
    int[] ranks = new int[set.length];
    for (int i = 0; i < set.length; i++) {
      ranks[i] = rank.get(set[i]);
    }
    Arrays.sort(ranks);
    return ranks;
  }

  /**
   * Replaces each count in {@code frequency} by the shingle's rank: its position in (count, hash)
   * order, rarest first. Returns the number of distinct shingles.
   */
  static int rank(LongIntHashMap frequency) {
    int distinct = frequency.size();
    long[] hashes = new long[distinct];
    long[] order = new long[distinct];
    int[] next = {0};
    frequency.forEach(
        (hash, count) -> {
          hashes[next[0]] = hash;
          order[next[0]] = ((long) count << 32) | next[0];
          next[0]++;
        });
    Arrays.sort(order);
    for (int rank = 0; rank < distinct; rank++) {
      frequency.put(hashes[(int) order[rank]], rank);
    }
    return distinct;
  }

  /** Sorted sets in a temporary file ({@link ShingleSetFormat}), by ordinal. */
  private static final class SetFile implements AutoCloseable {
    private final SpillFile file;
    private final long[] positions;
    private final int[] sizes;

    SetFile(int documents, MemoryBudget budget) {
      file = SpillFile.create(budget.spillDirectory(), "neardup-sets-");
      positions = new long[documents];
      sizes = new int[documents];
    }

    void put(int ordinal, long[] set) {
      ByteBuffer buffer =
          ByteBuffer.allocate(ShingleSetFormat.BYTES_PER_HASH * set.length)
              .order(ByteOrder.LITTLE_ENDIAN);
      ShingleSetFormat.write(buffer, set);
      buffer.flip();
      positions[ordinal] = file.append(buffer);
      sizes[ordinal] = set.length;
    }

    long[] get(int ordinal) {
      ByteBuffer buffer =
          ByteBuffer.allocate(ShingleSetFormat.BYTES_PER_HASH * sizes[ordinal])
              .order(ByteOrder.LITTLE_ENDIAN);
      file.read(positions[ordinal], buffer);
      buffer.flip();
      return ShingleSetFormat.read(buffer, sizes[ordinal], positions[ordinal]);
    }

    @Override
    public void close() {
      file.close();
    }
  }

  /** Ordinals 0..sizes.length-1 ordered by size, ties by ordinal. */
  public static int[] bySize(int[] sizes) {
    long[] keyed = new long[sizes.length];
    for (int d = 0; d < sizes.length; d++) {
      keyed[d] = ((long) sizes[d] << 32) | d;
    }
    Arrays.sort(keyed);
    int[] order = new int[sizes.length];
    for (int p = 0; p < order.length; p++) {
      order[p] = (int) keyed[p];
    }
    return order;
  }
}
