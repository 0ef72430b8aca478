package org.neardup.batch.lsh;

import org.neardup.api.Internal;
import org.neardup.batch.corpus.Corpus;
import org.neardup.batch.corpus.PairResult;
import org.neardup.batch.corpus.Progress;
import org.neardup.batch.spill.CandidateLog;
import org.neardup.batch.spill.CandidatePairs;
import org.neardup.config.MemoryBudget;
import org.neardup.verify.VerifyMode;

/**
 * The LSH pair phase of a corpus in two steps, so that its cost is known before it is paid: {@link
 * #group} sorts every band's bucket keys and keeps the buckets of two or more documents, which
 * gives {@link #candidateUpperBound()}; {@link #find} then examines the pairs of each bucket,
 * filters them by signature agreement and verifies the survivors. {@code PairFinder.withLsh} does
 * both. Memory follows the corpus's {@link MemoryBudget}: buckets, candidate pairs and the sets
 * verification holds go to temporary files past it. Not thread-safe; close it to delete them.
 */
@Internal
public final class LshPairPhase implements AutoCloseable {
  private final Corpus corpus;
  private final BucketGroups groups;
  private long spilledBytes;

  private LshPairPhase(Corpus corpus, BucketGroups groups) {
    this.corpus = corpus;
    this.groups = groups;
  }

  /** Groups the buckets of {@code corpus} (the first step). */
  public static LshPairPhase group(Corpus corpus, Progress progress) {
    return new LshPairPhase(corpus, BucketGroups.collect(corpus, progress));
  }

  /**
   * The sum over bands and buckets of s(s − 1)/2: exactly how many (bucket, pair) visits {@link
   * #find} makes, and an upper bound on the distinct candidate pairs.
   */
  public long candidateUpperBound() {
    return groups.pairVisits();
  }

  /** The most documents in one bucket. */
  long largestBucket() {
    return groups.largestGroup();
  }

  /**
   * Examines the candidates and verifies those that pass the signature filter (the second step;
   * once).
   */
  // survivors is closed as soon as the log holds the pairs (its spill files go before the
  // verification's are written); its close() is idempotent.
  @SuppressWarnings("try")
  public PairResult find(Progress progress) {
    LshCandidates.Result candidates = LshCandidates.find(corpus, groups, progress);
    spilledBytes += groups.spilledBytes();
    groups.close();
    try (CandidatePairs survivors = candidates.survivors();
        CandidateLog log = CandidateLog.of(survivors, corpus.size(), corpus.budget())) {
      spilledBytes += survivors.spilledBytes() + log.spilledBytes();
      survivors.close();
      CandidateVerification.Outcome outcome = CandidateVerification.verify(corpus, log, progress);
      long verified =
          corpus.config().verify() == VerifyMode.ESTIMATE
              ? candidates.candidates()
              : outcome.verified();
      return new PairResult(
          outcome.pairs(),
          candidates.candidates(),
          verified,
          corpus.config().lshParams(),
          outcome.nearMisses());
    }
  }

  /** Bytes this phase wrote to temporary files (bucket groups, candidate pairs). */
  public long spilledBytes() {
    return spilledBytes;
  }

  @Override
  public void close() {
    groups.close();
  }
}
