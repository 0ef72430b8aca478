package org.neardup.batch.lsh;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.LongAdder;
import org.neardup.batch.corpus.Corpus;
import org.neardup.batch.corpus.Progress;
import org.neardup.batch.spill.CandidatePairs;
import org.neardup.batch.spill.CorpusStores;
import org.neardup.batch.spill.IntLog;
import org.neardup.batch.spill.SignatureStore;
import org.neardup.config.MemoryBudget;
import org.neardup.config.PipelineConfig;
import org.neardup.internal.concurrent.ParallelRange;
import org.neardup.internal.concurrent.Workers;
import org.neardup.lsh.LshParams;
import org.neardup.minhash.AgreementFilter;
import org.neardup.verify.Verifier;

/**
 * The LSH candidate pairs of a corpus that pass the signature filter: every pair of documents
 * sharing a bucket ({@link BucketGroups}), each examined once, on {@code config.threads()} threads.
 *
 * <ul>
 *   <li>With full signatures, a pair is examined in the first band it shares (it is skipped in a
 *       later band when an earlier band's values agree), so {@link Result#candidates()} counts
 *       distinct pairs; the filter is the {@link Verifier}'s signature check ({@link
 *       Verifier#check}: exact mode, its {@link AgreementFilter}; estimate mode, an estimate of at
 *       least the threshold).
 *   <li>With packed signatures, a pair is examined in every band it shares (repeats are dropped
 *       when the survivors are sorted), so the count is of (bucket, pair) visits; the filter is the
 *       same on the packed agreement, which can only pass more pairs (exact mode: the {@link
 *       AgreementFilter}'s minimums with each document's well-filled bit, {@link
 *       SignatureStore#passes}; estimate mode: {@link Verifier#minimumAgreement}, and the estimate
 *       itself at verification, where the full signatures are made again).
 * </ul>
 *
 * Every pair the full signatures would pass passes, so in exact mode verification goes straight to
 * the sets.
 *
 * <p>Below a threshold of 0.75, where the signature filter lets most candidates through, each
 * document's {@link org.neardup.verify.ParityBitmap} (when the corpus keeps them) rules out exactly
 * the pairs whose sets cannot reach the threshold. Large buckets are split between threads.
 * Stateless.
 */
final class LshCandidates {
  /** Pair visits in one unit of work. */
  private static final long UNIT = 1 << 18;

  private LshCandidates() {}

  /**
   * @param candidates distinct candidate pairs (full signatures) or (bucket, pair) visits (packed)
   * @param distinct whether {@code candidates} counts distinct pairs
   * @param survivors the pairs that passed the filter, to verify
   */
  record Result(long candidates, boolean distinct, CandidatePairs survivors) {}

  static Result find(Corpus corpus, BucketGroups groups, Progress progress) {
    MemoryBudget budget = corpus.budget();
    CandidatePairs survivors = new CandidatePairs(budget.sortBytes() / 2, budget.spillDirectory());
    try {
      return new Result(
          enumerate(corpus, groups, survivors, progress), corpus.keepsFullSignatures(), survivors);
    } catch (RuntimeException | Error e) {
      survivors.close();
      throw e;
    }
  }

  /** One piece of work: outer indexes [from, to) of a bucket's members. */
  // Shares its arrays (no copy: a carrier between the pipeline's steps); equals and hashCode
  // compare them by identity, which no caller relies on.
  @SuppressWarnings("ArrayRecordComponent")
  private record Piece(int band, int[] members, int from, int to) {}

  private static long enumerate(
      Corpus corpus, BucketGroups groups, CandidatePairs survivors, Progress progress) {
    PipelineConfig config = corpus.config();
    int threads = config.threads();
    Examiner examiner = new Examiner(corpus, survivors);
    ExecutorService pool =
        Executors.newFixedThreadPool(threads, Workers.daemonFactory("neardup-candidates"));
    progress.start("finding candidates", groups.pairVisits());
    try {
      ArrayDeque<Future<?>> pending = new ArrayDeque<>();
      List<Piece> unit = new ArrayList<>();
      long unitVisits = 0;
      IntLog.Reader reader = groups.reader();
      while (reader.hasNext()) {
        int band = reader.next();
        int size = reader.next();
        int[] members = reader.next(size);
        // split the outer loop so that each piece has about UNIT visits
        for (int from = 1; from < size; ) {
          int to = from;
          long visits = 0;
          while (to < size && (visits == 0 || unitVisits + visits + to <= UNIT)) {
            visits += to;
            to++;
          }
          unit.add(new Piece(band, members, from, to));
          unitVisits += visits;
          from = to;
          if (unitVisits >= UNIT) {
            List<Piece> work = unit;
            long done = unitVisits;
            pending.add(pool.submit(() -> examiner.examine(work, progress, done)));
            unit = new ArrayList<>();
            unitVisits = 0;
            while (pending.size() > 3 * threads) {
              ParallelRange.get(pending.poll());
            }
          }
        }
      }
      if (!unit.isEmpty()) {
        List<Piece> work = unit;
        long done = unitVisits;
        pending.add(pool.submit(() -> examiner.examine(work, progress, done)));
      }
      while (!pending.isEmpty()) {
        ParallelRange.get(pending.poll());
      }
    } finally {
      pool.shutdownNow();
      progress.finish();
    }
    return examiner.candidates.sum();
  }

  /** Examines pieces: the filter, then survivors to the shared list. Thread-safe. */
  private static final class Examiner {
    private final SignatureStore signatures;
    private final CandidatePairs survivors;
    private final boolean full;
    private final Verifier verifier;
    private final int minimum;
    private final int rows;
    private final boolean bitmaps;
    private final double threshold;
    final LongAdder candidates = new LongAdder();

    Examiner(Corpus corpus, CandidatePairs survivors) {
      this.signatures = CorpusStores.signatures(corpus);
      this.survivors = survivors;
      this.full = corpus.keepsFullSignatures();
      PipelineConfig config = corpus.config();
      this.verifier = config.verifier();
      // the packed pre-check: below it no pair passes the verifier's signature check
      this.minimum = verifier.minimumAgreement();
      LshParams params = config.lshParams();
      this.rows = params.rows();
      this.bitmaps = signatures.keepsBitmaps();
      this.threshold = config.threshold();
    }

    Void examine(List<Piece> pieces, Progress progress, long visits) {
      long[] out = new long[256];
      int outLength = 0;
      long examined = 0;
      long[] differences = new long[signatures.words()];
      for (Piece piece : pieces) {
        int[] members = piece.members();
        int band = piece.band();
        for (int b = piece.from(); b < piece.to(); b++) {
          int later = members[b];
          int[] valuesLater = full ? signatures.fullValues(later) : null;
          int offsetLater = full ? signatures.fullOffset(later) : 0;
          for (int a = 0; a < b; a++) {
            int earlier = members[a];
            signatures.differences(later, earlier, differences);
            boolean passes;
            if (full) {
              int[] valuesEarlier = signatures.fullValues(earlier);
              int offsetEarlier = signatures.fullOffset(earlier);
              if (sharesEarlierBand(
                  differences, valuesLater, offsetLater, valuesEarlier, offsetEarlier, band)) {
                continue; // examined in that band
              }
              examined++;
              passes =
                  signatures.agreement(differences) >= minimum
                      && (!bitmaps || signatures.mayReach(later, earlier, threshold))
                      && verifier
                          .check(valuesLater, offsetLater, valuesEarlier, offsetEarlier)
                          .mayBePair();
            } else {
              examined++;
              passes =
                  signatures.passes(differences, later, earlier)
                      && (!bitmaps || signatures.mayReach(later, earlier, threshold));
            }
            if (passes) {
              if (outLength == out.length) {
                out = Arrays.copyOf(out, outLength * 2);
              }
              out[outLength++] = CandidatePairs.pack(earlier, later);
            }
          }
        }
      }
      survivors.add(out, outLength);
      candidates.add(examined);
      progress.advance(visits);
      return null;
    }

    /**
     * Whether the two full signatures agree on every row of some band before {@code band}; bands
     * whose packed values differ are passed over without reading the full ones.
     */
    private boolean sharesEarlierBand(
        long[] differences, int[] a, int offsetA, int[] b, int offsetB, int band) {
      for (int earlier = 0; earlier < band; earlier++) {
        if (!signatures.bandMayAgree(differences, earlier)) {
          continue;
        }
        int from = earlier * rows;
        int row = 0;
        while (row < rows && a[offsetA + from + row] == b[offsetB + from + row]) {
          row++;
        }
        if (row == rows) {
          return true;
        }
      }
      return false;
    }
  }
}
