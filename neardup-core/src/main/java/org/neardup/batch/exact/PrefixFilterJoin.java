package org.neardup.batch.exact;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import org.neardup.batch.corpus.PairResult;
import org.neardup.batch.corpus.Progress;
import org.neardup.batch.spill.RankStore;
import org.neardup.internal.concurrent.ParallelRange;
import org.neardup.verify.Jaccard;
import org.neardup.verify.ParityBitmap;
import org.neardup.verify.SimilarPair;

/**
 * Exact all-pairs similarity join by prefix filtering, with the length and positional filters of
 * AllPairs and PPJoin (Bayardo et al., WWW 2007; Xiao et al., WWW 2008). Finds every pair with
 * Jaccard &gt;= t, the same answer as brute force, comparing few pairs.
 *
 * <ol>
 *   <li>Each set is given as its sorted ranks in one global order of the shingles, rarest first
 *       ({@link ExactJoin}), in a {@link RankStore}.
 *   <li>Documents are ordered by size. Two sets with J &gt;= t share at least α =
 *       ⌈t/(1+t)(|x|+|y|)⌉ shingles, so (for |y| &lt;= |x|) they share one among the first |x| -
 *       ⌈t|x|⌉ + 1 ranks of x (its probe prefix) and the first |y| - ⌈2t/(1+t)|y|⌉ + 1 ranks of y
 *       (its index prefix).
 *   <li>Documents are taken in blocks of consecutive sizes, as many as the memory budget holds. An
 *       inverted index maps each rank to the (document, position) pairs of the block's index
 *       prefixes. Every document from the block on probes it with its probe prefix, in parallel,
 *       meeting only smaller documents with |y| &gt;= t|x| (length filter; a block too small for a
 *       document is passed over); a candidate whose overlap so far plus what its remaining
 *       positions allow falls short of α is dropped (positional filter).
 *   <li>Survivors that the {@link ParityBitmap} does not rule out are verified with {@link
 *       Jaccard#similarityAtLeast(int[], int[], double)} on the rank arrays: ranks are a bijection
 *       of the distinct hashes, so reported similarities are exactly those of the LSH path.
 * </ol>
 *
 * With one block (everything in memory) this is the classic in-memory join; more blocks cost more
 * reads of the rank arrays, not more comparisons.
 */
final class PrefixFilterJoin {
  private static final int PRUNED = Integer.MIN_VALUE;

  private final RankStore ranks;
  private final long[] bitmaps; // ParityBitmap of each document, by ordinal
  private final int words; // longs a bitmap
  private final double threshold;
  private final int n;
  private final int[] bySize; // position -> ordinal
  private final int[] sizeAt; // position -> set size
  private final int distinctRanks;

  // the current block: positions [blockStart, blockEnd)
  private int blockStart;
  private int blockEnd;
  private int[][] blockRanks; // position - blockStart -> ranks
  private int[] postingStart; // rank -> offset in postingPosition / postingIndex
  private int[] postingPosition; // document position (in size order)
  private int[] postingIndex; // position of the rank within that document's ranks

  private PrefixFilterJoin(RankStore ranks, long[] bitmaps, double threshold, int distinctRanks) {
    this.ranks = ranks;
    this.bitmaps = bitmaps;
    this.words = ParityBitmap.wordsFor(threshold);
    this.threshold = threshold;
    this.n = ranks.documents();
    this.distinctRanks = distinctRanks;
    int[] sizes = new int[n];
    for (int d = 0; d < n; d++) {
      sizes[d] = ranks.size(d);
    }
    this.bySize = ExactJoin.bySize(sizes);
    this.sizeAt = new int[n];
    for (int p = 0; p < n; p++) {
      sizeAt[p] = sizes[bySize[p]];
    }
  }

  /**
   * The pairs with Jaccard &gt;= threshold.
   *
   * @param ranks every document's sorted ranks
   * @param bitmaps every document's {@link ParityBitmap} of {@link ParityBitmap#wordsFor} longs, by
   *     ordinal
   * @param distinctRanks ranks are in [0, distinctRanks)
   * @param blockBytes the heap one block of documents (their ranks and index) may take
   */
  static PairResult join(
      RankStore ranks,
      long[] bitmaps,
      double threshold,
      int distinctRanks,
      int threads,
      long blockBytes,
      Progress progress) {
    PrefixFilterJoin join = new PrefixFilterJoin(ranks, bitmaps, threshold, distinctRanks);
    return join.run(threads, blockBytes, progress);
  }

  private PairResult run(int threads, long blockBytes, Progress progress) {
    LongAdder candidates = new LongAdder();
    LongAdder verified = new LongAdder();
    List<int[]> blocks = blocks(blockBytes);
    long steps = 0;
    for (int[] block : blocks) {
      steps += n - block[0];
    }
    progress.start(
        blocks.size() == 1 ? "exact join" : "exact join (" + blocks.size() + " blocks)", steps);
    List<SimilarPair> pairs = new ArrayList<>();
    try {
      for (int[] block : blocks) {
        load(block[0], block[1]);
        int maxSize = sizeAt[blockEnd - 1];
        ThreadLocal<Scratch> scratch =
            ThreadLocal.withInitial(() -> new Scratch(blockEnd - blockStart));
        pairs.addAll(
            ParallelRange.pairs(
                n - blockStart,
                threads,
                progress::advance,
                (k, out) -> {
                  int p = blockStart + k;
                  if (threshold * sizeAt[p] - 1e-9 > maxSize) {
                    return; // every document of the block is too small for this one
                  }
                  probe(p, scratch.get(), candidates, verified, out);
                }));
      }
    } finally {
      progress.finish();
      blockRanks = null;
    }
    pairs.sort(Comparator.comparingInt(SimilarPair::first).thenComparingInt(SimilarPair::second));
    return new PairResult(pairs, candidates.sum(), verified.sum(), null);
  }

  /**
   * Consecutive position ranges whose ranks and index fit {@code blockBytes} (at least one document
   * each).
   */
  private List<int[]> blocks(long blockBytes) {
    List<int[]> blocks = new ArrayList<>();
    long fixed = 4L * (distinctRanks + 1);
    int start = 0;
    long bytes = fixed;
    for (int p = 0; p < n; p++) {
      long document = 16 + 4L * sizeAt[p] + 8L * indexPrefix(sizeAt[p]) + 8;
      if (p > start && bytes + document > blockBytes) {
        blocks.add(new int[] {start, p});
        start = p;
        bytes = fixed;
      }
      bytes += document;
    }
    if (start < n || n == 0) {
      blocks.add(new int[] {start, n});
    }
    return blocks;
  }

  /** Reads the block's ranks and indexes their index prefixes. */
  private void load(int start, int end) {
    blockStart = start;
    blockEnd = end;
    blockRanks = new int[end - start][];
    for (int p = start; p < end; p++) {
      blockRanks[p - start] = ranks.get(bySize[p]);
    }
    int[] counts = new int[distinctRanks + 1];
    for (int[] r : blockRanks) {
      for (int i = 0, prefix = indexPrefix(r.length); i < prefix; i++) {
        counts[r[i] + 1]++;
      }
    }
    for (int rank = 1; rank < counts.length; rank++) {
      counts[rank] += counts[rank - 1];
    }
    int total = counts[counts.length - 1];
    postingPosition = new int[total];
    postingIndex = new int[total];
    int[] fill = java.util.Arrays.copyOf(counts, counts.length - 1);
    for (int p = start;
        p < end;
        p++) { // in size order, so every posting list is sorted by position
      int[] r = blockRanks[p - start];
      for (int i = 0, prefix = indexPrefix(r.length); i < prefix; i++) {
        int slot = fill[r[i]]++;
        postingPosition[slot] = p;
        postingIndex[slot] = i;
      }
    }
    postingStart = counts;
  }

  private int indexPrefix(int size) {
    int needed = (int) Math.ceil(2 * threshold / (1 + threshold) * size - 1e-9);
    return Math.max(1, Math.min(size, size - needed + 1));
  }

  private int probePrefix(int size) {
    int needed = (int) Math.ceil(threshold * size - 1e-9);
    return Math.max(1, Math.min(size, size - needed + 1));
  }

  /** Per-thread scratch: overlap so far by position in the block, and the positions touched. */
  private static final class Scratch {
    final int[] overlap;
    final int[] touched;

    Scratch(int blockSize) {
      overlap = new int[blockSize];
      touched = new int[blockSize];
    }
  }

  private void probe(
      int p, Scratch scratch, LongAdder candidates, LongAdder verified, List<SimilarPair> out) {
    int x = bySize[p];
    int sizeX = sizeAt[p];
    if (sizeX == 0) {
      return;
    }
    int[] rx = p < blockEnd ? blockRanks[p - blockStart] : ranks.get(x);
    double minSizeY = threshold * sizeX - 1e-9;
    int[] overlap = scratch.overlap;
    int[] touched = scratch.touched;
    int touchedCount = 0;
    for (int i = 0, prefix = probePrefix(sizeX); i < prefix; i++) {
      int rank = rx[i];
      int start = postingStart[rank];
      int end = postingStart[rank + 1];
      // skip documents too small to reach the threshold: posting lists are in size order
      int from = firstPositionAtLeast(start, end, minSizeY);
      for (int k = from; k < end; k++) {
        int q = postingPosition[k];
        if (q >= p) {
          break;
        }
        int slot = q - blockStart;
        int current = overlap[slot];
        if (current == PRUNED) {
          continue;
        }
        int sizeY = sizeAt[q];
        int needed = (int) Math.ceil(threshold / (1 + threshold) * (sizeX + sizeY) - 1e-9);
        int j = postingIndex[k];
        int bound = 1 + Math.min(sizeX - i - 1, sizeY - j - 1);
        if (current == 0) {
          touched[touchedCount++] = slot;
        }
        overlap[slot] = current + bound >= needed ? current + 1 : PRUNED;
      }
    }
    long examined = 0;
    long merged = 0;
    for (int t = 0; t < touchedCount; t++) {
      int slot = touched[t];
      if (overlap[slot] != PRUNED) {
        examined++;
        int q = blockStart + slot;
        int y = bySize[q];
        if (ParityBitmap.mayReach(
            bitmaps, x * words, sizeX, bitmaps, y * words, sizeAt[q], words, threshold)) {
          merged++;
          double similarity = Jaccard.similarityAtLeast(rx, blockRanks[slot], threshold);
          if (similarity >= threshold) {
            out.add(SimilarPair.of(x, y, similarity));
          }
        }
      }
      overlap[slot] = 0;
    }
    candidates.add(examined);
    verified.add(merged);
  }

  /** The first posting in [start, end) whose document has at least {@code minSize} elements. */
  private int firstPositionAtLeast(int start, int end, double minSize) {
    int low = start;
    int high = end;
    while (low < high) {
      int mid = (low + high) >>> 1;
      if (sizeAt[postingPosition[mid]] < minSize) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    return low;
  }
}
