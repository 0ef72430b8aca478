package org.neardup.bench.contender;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.neardup.shingle.ShingleConfig;

/**
 * The settings every contender runs with, passed from the harness to each child process.
 *
 * @param corpus the TSV corpus ({@code id<TAB>text} lines)
 * @param threshold report pairs with Jaccard similarity &gt;= this
 * @param shingle shingle unit and size, the same for every contender
 * @param permutations signature length n for the MinHash contenders
 * @param seed seed of every randomized contender
 * @param bruteForceMaxDocuments brute force is skipped above this many documents
 * @param sparkJoinMaxDocuments Spark's approxSimilarityJoin is skipped above this many documents
 * @param sparkJoinTables numHashTables of Spark's approxSimilarityJoin
 * @param javaLshBuckets buckets per stage of java-LSH; 0 means documents / 100, the library's
 *     advice
 */
public record BenchSettings(
    Path corpus,
    double threshold,
    ShingleConfig shingle,
    int permutations,
    long seed,
    int bruteForceMaxDocuments,
    int sparkJoinMaxDocuments,
    int sparkJoinTables,
    int javaLshBuckets) {

  public BenchSettings {
    Objects.requireNonNull(corpus, "corpus");
    Objects.requireNonNull(shingle, "shingle");
    if (!(threshold > 0 && threshold <= 1)) {
      throw new IllegalArgumentException("threshold must be in (0, 1], got " + threshold);
    }
    if (permutations < 1) {
      throw new IllegalArgumentException("permutations must be at least 1, got " + permutations);
    }
  }

  /** These settings as command-line options that {@code SettingsOptions} reads back. */
  public List<String> toArgs() {
    return List.of(
        "--corpus", corpus.toString(),
        "--threshold", Double.toString(threshold),
        "--shingle", shingle.toString(),
        "--permutations", Integer.toString(permutations),
        "--seed", Long.toString(seed),
        "--brute-force-max-docs", Integer.toString(bruteForceMaxDocuments),
        "--spark-join-max-docs", Integer.toString(sparkJoinMaxDocuments),
        "--spark-join-tables", Integer.toString(sparkJoinTables),
        "--java-lsh-buckets", Integer.toString(javaLshBuckets));
  }
}
