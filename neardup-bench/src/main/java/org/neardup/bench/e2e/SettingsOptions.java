package org.neardup.bench.e2e;

import java.nio.file.Path;
import org.neardup.bench.contender.BenchSettings;
import org.neardup.shingle.ShingleConfig;
import picocli.CommandLine.Option;

/** The {@link BenchSettings} options, shared by the harness and its child processes. */
final class SettingsOptions {
  @Option(
      names = "--corpus",
      required = true,
      paramLabel = "FILE",
      description = "TSV corpus, id<TAB>text a line.")
  Path corpus;

  @Option(
      names = "--threshold",
      defaultValue = "0.8",
      paramLabel = "T",
      description = "Similarity threshold. Default: ${DEFAULT-VALUE}.")
  double threshold;

  @Option(
      names = "--shingle",
      defaultValue = "char:5",
      paramLabel = "char:K|word:K|whitespace-word:K",
      description = "Shingles. Default: ${DEFAULT-VALUE}.")
  String shingle;

  @Option(
      names = "--permutations",
      defaultValue = "128",
      paramLabel = "N",
      description = "MinHash signature length. Default: ${DEFAULT-VALUE}.")
  int permutations;

  @Option(
      names = "--seed",
      defaultValue = "1",
      paramLabel = "S",
      description = "Seed of the randomized contenders. Default: ${DEFAULT-VALUE}.")
  long seed;

  @Option(
      names = "--brute-force-max-docs",
      defaultValue = "10000",
      paramLabel = "N",
      description = "Skip brute force above N documents. Default: ${DEFAULT-VALUE}.")
  int bruteForceMaxDocuments;

  @Option(
      names = "--spark-join-max-docs",
      defaultValue = "5000",
      paramLabel = "N",
      description =
          "Skip Spark's approxSimilarityJoin above N documents. Default: ${DEFAULT-VALUE}.")
  int sparkJoinMaxDocuments;

  @Option(
      names = "--spark-join-tables",
      defaultValue = "5",
      paramLabel = "N",
      description = "numHashTables of Spark's approxSimilarityJoin. Default: ${DEFAULT-VALUE}.")
  int sparkJoinTables;

  @Option(
      names = "--java-lsh-buckets",
      defaultValue = "0",
      paramLabel = "B",
      description = "java-LSH buckets per stage; 0: documents / 100. Default: ${DEFAULT-VALUE}.")
  int javaLshBuckets;

  BenchSettings settings() {
    return new BenchSettings(
        corpus.toAbsolutePath(),
        threshold,
        ShingleConfig.parse(shingle),
        permutations,
        seed,
        bruteForceMaxDocuments,
        sparkJoinMaxDocuments,
        sparkJoinTables,
        javaLshBuckets);
  }
}
