package org.neardup.bench.contender;

import org.neardup.bench.spark.SparkMinHash;
import org.neardup.lsh.LshParams;

/**
 * Spark MLlib's MinHash values without its join: a model with numHashTables = n gives n MinHash
 * values a document, which go through plain banding with datasketch's (b, r) and exact verification
 * ({@link BandedSearch}) outside Spark.
 */
final class SparkHashesBanding extends SparkContender {
  @Override
  public String name() {
    return "spark-hashes+banding";
  }

  @Override
  public String description() {
    return "Spark MLlib MinHashLSH(numHashTables = n).transform, then plain banding with"
        + " datasketch's (b, r), exact verification";
  }

  @Override
  public ContenderOutcome run(BenchSettings settings, Phases phases) throws Exception {
    BenchCorpus corpus =
        phases.time("read+shingle", () -> BenchCorpus.read(settings.corpus(), settings.shingle()));
    int[][] signatures =
        SparkMinHash.signatures(corpus, settings.permutations(), settings.seed(), phases);
    LshParams params = DatasketchParams.optimal(settings.threshold(), settings.permutations());
    long[][] keys =
        phases.time(
            "band",
            () -> {
              long[][] k = new long[signatures.length][];
              for (int i = 0; i < k.length; i++)
                k[i] = PlainBandIndex.bandKeys(signatures[i], params);
              return k;
            });
    return BandedSearch.run(
        corpus,
        keys,
        settings.threshold(),
        "numHashTables=" + settings.permutations() + ", " + params,
        phases);
  }
}
