package org.neardup.batch;

import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongConsumer;
import org.neardup.batch.corpus.ContainmentResult;
import org.neardup.batch.corpus.Corpus;
import org.neardup.batch.corpus.Progress;
import org.neardup.batch.exact.ContainmentJoin;
import org.neardup.internal.concurrent.ParallelRange;
import org.neardup.lsh.BucketTable;
import org.neardup.search.ContainmentPlan;
import org.neardup.search.ContainmentQuery;
import org.neardup.search.Postings;
import org.neardup.verify.Containment;
import org.neardup.verify.ContainmentPair;

/**
 * Finds the pairs of a {@link Corpus} where one document holds at least a fraction t of the other's
 * shingles, C(A, B) = |A ∩ B| / |A| &gt;= t in either direction: a passage and the document it was
 * taken from, a trimmed copy and its original. Each pair once, with both directions exact. Three
 * ways, as {@link PairFinder} has for Jaccard: a sample join chosen for a target recall (the
 * default), an exact join by prefix filtering, and brute force. All need shingle sets. Stateless
 * and thread-safe.
 */
public final class ContainmentFinder {
  private ContainmentFinder() {}

  /**
   * The sample join: every document's sampled shingles ({@link
   * org.neardup.search.ContainmentSample}) go into posting lists; then each document, as a query,
   * reads the shortest lists of its own sampled shingles and verifies the documents it finds there
   * ({@link ContainmentQuery}), in parallel. A pair with C &gt;= t in some direction is found with
   * probability at least the plan's target recall when the contained document has at least {@link
   * ContainmentPlan#minimumQuerySize()} shingles.
   *
   * @throws IllegalStateException in estimate mode, which keeps no shingle sets
   */
  public static ContainmentResult withSample(
      Corpus corpus, ContainmentPlan plan, Progress progress) {
    long[][] sets = PairFinder.allSets(corpus);
    int n = sets.length;
    long[][] samples = new long[n][];
    ParallelRange.forEach(
        n, corpus.config().threads(), d -> samples[d] = plan.sample().of(sets[d]));
    long entries = 0;
    for (long[] sample : samples) {
      entries += sample.length;
    }
    BucketTable table = new BucketTable((int) Math.min(1 << 28, entries));
    progress.start("sampling", n);
    for (int d = 0; d < n; d++) {
      for (long shingle : samples[d]) {
        table.add(shingle, d);
      }
    }
    progress.advance(n);
    progress.finish();
    Postings postings = new TablePostings(table);
    LongAdder candidates = new LongAdder();
    LongAdder verified = new LongAdder();
    progress.start("containment", n);
    List<ContainmentPair> pairs =
        ParallelRange.collect(
            n,
            corpus.config().threads(),
            progress::advance,
            (q, out) -> {
              ContainmentQuery query = new ContainmentQuery(plan, sets[q]);
              int needed = Containment.neededOverlap(sets[q].length, plan.threshold());
              long examined = 0;
              long confirmed = 0;
              ContainmentQuery.Candidates found = query.candidates(postings);
              for (int i = 0; i < found.size(); i++) {
                int x = (int) found.handle(i);
                if (x == q) {
                  continue;
                }
                examined++;
                if (sets[x].length < needed || !found.holdsEnoughSampled(i, sets[x])) {
                  continue;
                }
                confirmed++;
                ContainmentJoin.addIfContained(sets, q, x, needed, plan.threshold(), out);
              }
              candidates.add(examined);
              verified.add(confirmed);
            });
    progress.finish();
    return new ContainmentResult(
        ContainmentJoin.sortedDistinct(pairs),
        candidates.sum(),
        verified.sum(),
        plan.sample().rate());
  }

  /**
   * The exact join ({@link ContainmentJoin}): every pair with C &gt;= {@code threshold} in some
   * direction, as brute force finds them, by prefix filtering.
   */
  public static ContainmentResult exact(Corpus corpus, double threshold, Progress progress) {
    return ContainmentJoin.join(
        PairFinder.allSets(corpus), threshold, corpus.config().threads(), progress);
  }

  /**
   * Brute force: every ordered pair (Q, X) with |X| &gt;= ⌈t·|Q|⌉ (no smaller X can hold that much
   * of Q) is intersected. For references and tests: quadratic.
   */
  public static ContainmentResult bruteForce(Corpus corpus, double threshold, Progress progress) {
    long[][] sets = PairFinder.allSets(corpus);
    int n = sets.length;
    LongAdder compared = new LongAdder();
    progress.start("comparing all pairs", n);
    List<ContainmentPair> pairs =
        ParallelRange.collect(
            n,
            corpus.config().threads(),
            progress::advance,
            (q, out) -> {
              int needed = Containment.neededOverlap(sets[q].length, threshold);
              long count = 0;
              for (int x = 0; x < n; x++) {
                if (x != q && sets[x].length >= needed) {
                  count++;
                  ContainmentJoin.addIfContained(sets, q, x, needed, threshold, out);
                }
              }
              compared.add(count);
            });
    progress.finish();
    return new ContainmentResult(
        ContainmentJoin.sortedDistinct(pairs), compared.sum(), compared.sum(), 0);
  }

  /** Posting lists over a {@link BucketTable} of ordinals. */
  private record TablePostings(BucketTable table) implements Postings {
    @Override
    public int size(long key) {
      return table.size(key);
    }

    @Override
    public void forEach(long key, LongConsumer consumer) {
      table.forEach(key, consumer::accept);
    }
  }
}
