package org.neardup.batch.lsh;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.LongAdder;
import org.neardup.batch.corpus.Corpus;
import org.neardup.batch.corpus.Progress;
import org.neardup.batch.spill.CandidateLog;
import org.neardup.batch.spill.IntLog;
import org.neardup.config.PipelineConfig;
import org.neardup.internal.concurrent.ParallelRange;
import org.neardup.internal.concurrent.Workers;
import org.neardup.verify.SimilarPair;
import org.neardup.verify.Verifier;

/**
 * Verifies the candidate pairs of a {@link CandidateLog} with the corpus's {@link Verifier}: in
 * exact mode its exact step over the two documents' shingle hashes, compared without sorting them
 * into sets ({@link Verifier#exactOfHashes}; the candidates passed the signature check already, in
 * {@link LshCandidates}), in estimate mode its signature check, which gives the estimate. Each
 * document's hashes or signature come
 *
 * <ul>
 *   <li>from the corpus, when it keeps its hashes (or, in estimate mode, its full signatures):
 *       pairs are verified in chunks, in parallel;
 *   <li>otherwise by reading the documents again ({@link RereadVerification}).
 * </ul>
 *
 * The pairs come back sorted by (first, second) ordinal. Stateless.
 */
final class CandidateVerification {
  private static final int CHUNK = 4096;

  private CandidateVerification() {}

  /** What verification found. */
  /**
   * What verification found: the pairs, the candidates verified, and those just below the threshold
   * ({@link Verifier#nearMissFloor}; exact mode only, else -1).
   */
  record Outcome(List<SimilarPair> pairs, long verified, long nearMisses) {}

  static Outcome verify(Corpus corpus, CandidateLog candidates, Progress progress) {
    boolean fromCorpus =
        corpus.keepsShingleSets()
            || (corpus.keepsFullSignatures() && !corpus.config().verifier().needsSets());
    if (!fromCorpus) {
      return RereadVerification.verify(corpus, corpus.requireSketchSource(), candidates, progress);
    }
    return fromCorpus(corpus, candidates, progress);
  }

  private static Outcome fromCorpus(Corpus corpus, CandidateLog candidates, Progress progress) {
    PipelineConfig config = corpus.config();
    Verifier verifier = config.verifier();
    boolean exact = verifier.needsSets(); // else the corpus keeps full signatures
    ConcurrentLinkedQueue<List<SimilarPair>> found = new ConcurrentLinkedQueue<>();
    LongAdder verified = new LongAdder();
    LongAdder nearMisses = new LongAdder();
    double floor = verifier.nearMissFloor();
    int threads = config.threads();
    ExecutorService pool =
        Executors.newFixedThreadPool(threads, Workers.daemonFactory("neardup-verify"));
    progress.start("verifying", candidates.pairs());
    try {
      ArrayDeque<Future<?>> pending = new ArrayDeque<>();
      IntLog.Reader reader = candidates.reader();
      while (reader.hasNext()) {
        int[] chunk = new int[2 * CHUNK];
        int length = 0;
        while (length < chunk.length && reader.hasNext()) {
          chunk[length++] = reader.next();
        }
        int chunkLength = length;
        pending.add(
            pool.submit(
                () -> {
                  List<SimilarPair> out = new ArrayList<>();
                  long passed = 0;
                  long near = 0;
                  for (int k = 0; k < chunkLength; k += 2) {
                    int earlier = chunk[k];
                    int later = chunk[k + 1];
                    // exact mode: the candidates passed the signature check in LshCandidates
                    double similarity =
                        exact
                            ? verifier.exactOfHashesDownTo(
                                corpus.shingleHashes(earlier), corpus.shingleHashes(later), floor)
                            : verifier
                                .check(corpus.signature(earlier), corpus.signature(later))
                                .similarity();
                    passed++;
                    if (similarity >= verifier.threshold()) {
                      out.add(new SimilarPair(earlier, later, similarity));
                    } else if (similarity >= floor) {
                      near++;
                    }
                  }
                  found.add(out);
                  verified.add(passed);
                  nearMisses.add(near);
                  progress.advance(chunkLength / 2);
                  return null;
                }));
        while (pending.size() > 3 * threads) {
          ParallelRange.get(pending.poll());
        }
      }
      while (!pending.isEmpty()) {
        ParallelRange.get(pending.poll());
      }
    } finally {
      pool.shutdownNow();
      progress.finish();
    }
    return new Outcome(sorted(found), verified.sum(), exact ? nearMisses.sum() : -1);
  }

  /** Every pair found, sorted by (first, second). */
  static List<SimilarPair> sorted(ConcurrentLinkedQueue<List<SimilarPair>> found) {
    List<SimilarPair> all = new ArrayList<>();
    for (List<SimilarPair> part : found) {
      all.addAll(part);
    }
    all.sort(Comparator.comparingInt(SimilarPair::first).thenComparingInt(SimilarPair::second));
    return all;
  }
}
