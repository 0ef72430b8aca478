package org.neardup.bench.contender;

import org.neardup.bench.spark.SparkMinHash;

/**
 * Spark MLlib's own pipeline: {@code MinHashLSH.approxSimilarityJoin} with a handful of hash tables
 * (one MinHash value each: OR-amplification only), as its documentation shows it. Slow: skipped
 * above {@code --spark-join-max-docs}.
 */
final class SparkApproxJoin extends SparkContender {
  @Override
  public String name() {
    return "spark-join";
  }

  @Override
  public String description() {
    return "Spark MLlib MinHashLSH.approxSimilarityJoin, local[*], CountVectorizer features";
  }

  @Override
  public String skipReason(BenchSettings settings, int documents) {
    return documents > settings.sparkJoinMaxDocuments()
        ? "more than --spark-join-max-docs " + settings.sparkJoinMaxDocuments() + " documents"
        : null;
  }

  @Override
  public ContenderOutcome run(BenchSettings settings, Phases phases) throws Exception {
    BenchCorpus corpus =
        phases.time("read+shingle", () -> BenchCorpus.read(settings.corpus(), settings.shingle()));
    int tables = settings.sparkJoinTables();
    return new ContenderOutcome(
        corpus.ids(),
        SparkMinHash.approxJoin(corpus, tables, settings.threshold(), settings.seed(), phases),
        ContenderOutcome.UNKNOWN,
        "numHashTables=" + tables + ", distance < 1 - t");
  }
}
