package org.neardup.pipeline;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import org.neardup.internal.LongIntHashMap;
import org.neardup.verify.Jaccard;
import org.neardup.verify.SimilarPair;

/**
 * Exact all-pairs similarity join by prefix filtering, with the length and positional filters of
 * AllPairs and PPJoin (Bayardo et al., WWW 2007; Xiao et al., WWW 2008). Finds every pair with
 * Jaccard &gt;= t, the same answer as brute force, comparing few pairs.
 *
 * <ol>
 *   <li>Shingles are ranked by document frequency, rarest first, and each set becomes its sorted
 *       ranks.
 *   <li>Documents are ordered by size. Two sets with J &gt;= t share at least α = ⌈t/(1+t)(|x|+|y|)⌉
 *       shingles, so (for |y| &lt;= |x|) they share one among the first |x| - ⌈t|x|⌉ + 1 ranks of x
 *       (its probe prefix) and the first |y| - ⌈2t/(1+t)|y|⌉ + 1 ranks of y (its index prefix).
 *   <li>An inverted index maps each rank to the (document, position) pairs of the index prefixes.
 *       Each document probes it with its probe prefix, in parallel, meeting only smaller documents
 *       with |y| &gt;= t|x| (length filter); a candidate whose overlap so far plus what its
 *       remaining positions allow falls short of α is dropped (positional filter).
 *   <li>Survivors are verified with {@link Jaccard#similarityAtLeast(int[], int[], double)} on the
 *       rank arrays: ranks are a bijection of the distinct hashes, so reported similarities are
 *       exactly those of the LSH path.
 * </ol>
 */
final class PrefixFilterJoin {
  private static final int PRUNED = Integer.MIN_VALUE;

  private final long[][] sets;
  private final double threshold;
  private final int n;
  private int[][] ranks; // by ordinal
  private int[] bySize; // position -> ordinal
  private int[] sizeAt; // position -> set size
  private int[] postingStart; // rank -> offset in postingPosition / postingIndex
  private int[] postingPosition; // document position (in size order)
  private int[] postingIndex; // position of the rank within that document's ranks

  private PrefixFilterJoin(long[][] sets, double threshold) {
    this.sets = sets;
    this.threshold = threshold;
    this.n = sets.length;
  }

  /** The pairs of {@code sets} (sorted distinct hashes, by ordinal) with Jaccard &gt;= threshold. */
  static PairResult join(long[][] sets, double threshold, int threads, Progress progress) {
    PrefixFilterJoin join = new PrefixFilterJoin(sets, threshold);
    join.rank();
    join.index();
    return join.probe(threads, progress);
  }

  private void rank() {
    LongIntHashMap frequency = new LongIntHashMap(1 << 16);
    for (long[] set : sets) {
      for (long shingle : set) {
        int count = frequency.get(shingle);
        frequency.put(shingle, count == LongIntHashMap.ABSENT ? 1 : count + 1);
      }
    }
    // Rank = position in (frequency, hash) order; stored back into the map.
    int distinct = frequency.size();
    long[] hashes = new long[distinct];
    long[] order = new long[distinct];
    int[] next = {0};
    frequency.forEach((hash, count) -> {
      hashes[next[0]] = hash;
      order[next[0]] = ((long) count << 32) | next[0];
      next[0]++;
    });
    Arrays.sort(order);
    for (int rank = 0; rank < distinct; rank++) {
      frequency.put(hashes[(int) order[rank]], rank);
    }
    ranks = new int[n][];
    for (int d = 0; d < n; d++) {
      long[] set = sets[d];
      int[] r = new int[set.length];
      for (int i = 0; i < set.length; i++) {
        r[i] = frequency.get(set[i]);
      }
      Arrays.sort(r);
      ranks[d] = r;
    }
    postingStart = new int[distinct + 1];
  }

  private void index() {
    int[] sizes = new int[n];
    for (int d = 0; d < n; d++) {
      sizes[d] = ranks[d].length;
    }
    bySize = PairFinder.bySize(sizes);
    sizeAt = new int[n];
    for (int p = 0; p < n; p++) {
      sizeAt[p] = sizes[bySize[p]];
    }
    int[] counts = postingStart;
    for (int p = 0; p < n; p++) {
      int[] r = ranks[bySize[p]];
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
    int[] fill = Arrays.copyOf(counts, counts.length - 1);
    for (int p = 0; p < n; p++) { // in size order, so every posting list is sorted by position
      int[] r = ranks[bySize[p]];
      for (int i = 0, prefix = indexPrefix(r.length); i < prefix; i++) {
        int slot = fill[r[i]]++;
        postingPosition[slot] = p;
        postingIndex[slot] = i;
      }
    }
  }

  private int indexPrefix(int size) {
    int needed = (int) Math.ceil(2 * threshold / (1 + threshold) * size - 1e-9);
    return Math.max(1, Math.min(size, size - needed + 1));
  }

  private int probePrefix(int size) {
    int needed = (int) Math.ceil(threshold * size - 1e-9);
    return Math.max(1, Math.min(size, size - needed + 1));
  }

  /** Per-thread scratch: overlap so far by position, and the positions touched. */
  private final class Scratch {
    final int[] overlap = new int[n];
    final int[] touched = new int[n];
  }

  private PairResult probe(int threads, Progress progress) {
    ThreadLocal<Scratch> scratch = ThreadLocal.withInitial(Scratch::new);
    LongAdder candidates = new LongAdder();
    progress.start("exact join", n);
    List<SimilarPair> pairs =
        ParallelRange.pairs(n, threads, progress, (p, out) -> probe(p, scratch.get(), candidates, out));
    progress.finish();
    return new PairResult(pairs, candidates.sum(), candidates.sum(), null);
  }

  private void probe(int p, Scratch scratch, LongAdder candidates, List<SimilarPair> out) {
    int x = bySize[p];
    int[] rx = ranks[x];
    int sizeX = rx.length;
    if (sizeX == 0) {
      return;
    }
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
        int current = overlap[q];
        if (current == PRUNED) {
          continue;
        }
        int sizeY = sizeAt[q];
        int needed = (int) Math.ceil(threshold / (1 + threshold) * (sizeX + sizeY) - 1e-9);
        int j = postingIndex[k];
        int bound = 1 + Math.min(sizeX - i - 1, sizeY - j - 1);
        if (current == 0) {
          touched[touchedCount++] = q;
        }
        overlap[q] = current + bound >= needed ? current + 1 : PRUNED;
      }
    }
    long examined = 0;
    for (int t = 0; t < touchedCount; t++) {
      int q = touched[t];
      if (overlap[q] != PRUNED) {
        examined++;
        int y = bySize[q];
        double similarity = Jaccard.similarityAtLeast(rx, ranks[y], threshold);
        if (similarity >= threshold) {
          out.add(SimilarPair.of(x, y, similarity));
        }
      }
      overlap[q] = 0;
    }
    candidates.add(examined);
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
