package org.neardup.bench.contender;

import org.neardup.batch.PairFinder;
import org.neardup.batch.corpus.Corpus;
import org.neardup.batch.corpus.PairResult;
import org.neardup.batch.corpus.Progress;

/** neardup's default path: LSH banding, then exact verification ({@link PairFinder#withLsh}). */
final class NeardupLsh extends NeardupContender {
  @Override
  public String name() {
    return "neardup-lsh";
  }

  @Override
  public String description() {
    return "neardup library defaults: one-permutation MinHash, banding for 99% recall at t, exact"
        + " verification";
  }

  @Override
  PairResult find(Corpus corpus) {
    return PairFinder.withLsh(corpus, Progress.NONE);
  }
}
