package org.neardup.batch.exact;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import org.neardup.api.Internal;
import org.neardup.batch.corpus.ContainmentResult;
import org.neardup.batch.corpus.Progress;
import org.neardup.collect.LongIntHashMap;
import org.neardup.internal.concurrent.ParallelRange;
import org.neardup.verify.Containment;
import org.neardup.verify.ContainmentPair;

/**
 * Exact all-pairs containment join by prefix filtering (the AllPairs principle, Bayardo et al., WWW
 * 2007, for the overlap bound of containment): every ordered pair (Q, X) with C(Q, X) = |Q ∩ X| /
 * |Q| &gt;= t, the same answer as brute force.
 *
 * <ol>
 *   <li>Shingles are ranked by document frequency, rarest first.
 *   <li>C(Q, X) &gt;= t needs o = ⌈t·|Q|⌉ common shingles, so X holds one of the first |Q| − o + 1
 *       ranks of Q (its prefix). X may hold any of them, so every rank of every document is indexed
 *       (an inverted index as large as the sets), but each query reads only the lists of its rarest
 *       ranks.
 *   <li>Documents found there with |X| &gt;= o are intersected exactly.
 * </ol>
 */
@Internal
public final class ContainmentJoin {
  private ContainmentJoin() {}

  public static ContainmentResult join(
      long[][] sets, double threshold, int threads, Progress progress) {
    int n = sets.length;
    int[][] ranks = ranks(sets);
    int distinct = 0;
    for (int[] r : ranks) {
      for (int rank : r) {
        distinct = Math.max(distinct, rank + 1);
      }
    }
    int[] start = new int[distinct + 1];
    for (int[] r : ranks) {
      for (int rank : r) {
        start[rank + 1]++;
      }
    }
    for (int rank = 0; rank < distinct; rank++) {
      start[rank + 1] += start[rank];
    }
    int[] documents = new int[start[distinct]];
    int[] fill = Arrays.copyOf(start, distinct);
    for (int d = 0; d < n; d++) {
      for (int rank : ranks[d]) {
        documents[fill[rank]++] = d;
      }
    }
    ThreadLocal<int[]> stamps = ThreadLocal.withInitial(() -> new int[n]);
    LongAdder candidates = new LongAdder();
    progress.start("exact containment", n);
    List<ContainmentPair> pairs =
        ParallelRange.collect(
            n,
            threads,
            progress::advance,
            (q, out) -> {
              int[] seen = stamps.get();
              int stamp = q + 1; // distinct for every query of this thread: no clearing needed
              int needed = Containment.neededOverlap(sets[q].length, threshold);
              int prefix = Math.min(ranks[q].length, ranks[q].length - needed + 1);
              seen[q] = stamp;
              long examined = 0;
              for (int p = 0; p < prefix; p++) {
                int rank = ranks[q][p];
                for (int i = start[rank]; i < start[rank + 1]; i++) {
                  int x = documents[i];
                  if (seen[x] == stamp) {
                    continue;
                  }
                  seen[x] = stamp;
                  if (sets[x].length >= needed) {
                    examined++;
                    addIfContained(sets, q, x, needed, threshold, out);
                  }
                }
              }
              candidates.add(examined);
            });
    progress.finish();
    return new ContainmentResult(sortedDistinct(pairs), candidates.sum(), candidates.sum(), 0);
  }

  /** Each set as its sorted ranks, rank = position in (document frequency, first seen) order. */
  private static int[][] ranks(long[][] sets) {
    LongIntHashMap frequency = ExactJoin.frequencies(sets);
    ExactJoin.rank(frequency);
    int[][] ranks = new int[sets.length][];
    for (int d = 0; d < sets.length; d++) {
      ranks[d] = ExactJoin.sortedRanks(sets[d], frequency);
    }
    return ranks;
  }

  /**
   * Adds the pair (q, x) when x holds at least {@code needed} = ⌈t·|q|⌉ of q's shingles and so C(q,
   * x) &gt;= t (compared exactly, as {@link Containment#atLeast} does).
   */
  public static void addIfContained(
      long[][] sets, int q, int x, int needed, double threshold, List<ContainmentPair> out) {
    int common = Containment.overlapAtLeast(sets[q], sets[x], needed);
    if (common >= needed
        && (sets[q].length == 0 || (double) common / sets[q].length >= threshold)) {
      out.add(ContainmentPair.of(q, x, common, sets[q].length, sets[x].length));
    }
  }

  /**
   * Sorted by (first, second), each pair once (a pair contained both ways is found from both
   * sides).
   */
  public static List<ContainmentPair> sortedDistinct(List<ContainmentPair> pairs) {
    pairs.sort(
        Comparator.comparingInt(ContainmentPair::first).thenComparingInt(ContainmentPair::second));
    List<ContainmentPair> distinct = new ArrayList<>(pairs.size());
    for (ContainmentPair pair : pairs) {
      ContainmentPair last = distinct.isEmpty() ? null : distinct.get(distinct.size() - 1);
      if (last == null || last.first() != pair.first() || last.second() != pair.second()) {
        distinct.add(pair);
      }
    }
    return distinct;
  }
}
