package org.neardup.bench.contender;

import org.neardup.batch.PairFinder;
import org.neardup.batch.corpus.Corpus;
import org.neardup.batch.corpus.PairResult;
import org.neardup.batch.corpus.Progress;

/**
 * neardup's exact join ({@link PairFinder#exact}: prefix filtering with length and positional
 * filters): the exact answer every contender is scored against.
 */
final class NeardupExact extends NeardupContender {
  @Override
  public String name() {
    return "neardup-exact";
  }

  @Override
  public String description() {
    return "neardup exact join: prefix filtering, AllPairs/PPJoin filters (PairFinder.exact); the"
        + " truth";
  }

  @Override
  PairResult find(Corpus corpus) {
    return PairFinder.exact(corpus, Progress.NONE);
  }
}
