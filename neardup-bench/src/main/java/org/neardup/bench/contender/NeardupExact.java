package org.neardup.bench.contender;

import org.neardup.pipeline.Corpus;
import org.neardup.pipeline.PairFinder;
import org.neardup.pipeline.PairResult;
import org.neardup.pipeline.Progress;

/**
 * neardup's exact join ({@link PairFinder#bruteForce}: all pairs the size filter leaves): the
 * exact answer every contender is scored against.
 */
final class NeardupExact extends NeardupContender {
  @Override
  public String name() {
    return "neardup-exact";
  }

  @Override
  public String description() {
    return "neardup exact join: all pairs with a size filter (PairFinder.bruteForce); the truth";
  }

  @Override
  PairResult find(Corpus corpus) {
    return PairFinder.bruteForce(corpus, Progress.NONE);
  }
}
