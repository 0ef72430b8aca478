package org.neardup.bench.contender;

import org.neardup.batch.PairFinder;
import org.neardup.batch.corpus.Corpus;
import org.neardup.batch.corpus.PairResult;
import org.neardup.batch.corpus.Progress;

/**
 * neardup's brute-force join ({@link PairFinder#bruteForce}: every pair the size bound J &lt;=
 * min/max leaves, in parallel): the baseline the exact join is measured against.
 */
final class NeardupBruteForce extends NeardupContender {
  @Override
  public String name() {
    return "neardup-brute-force";
  }

  @Override
  public String description() {
    return "neardup brute force: every pair the size filter leaves, all cores"
        + " (PairFinder.bruteForce)";
  }

  @Override
  PairResult find(Corpus corpus) {
    return PairFinder.bruteForce(corpus, Progress.NONE);
  }
}
