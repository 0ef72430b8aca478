package org.neardup.bench.spark;

import static org.apache.spark.sql.functions.col;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.ml.feature.MinHashLSH;
import org.apache.spark.ml.feature.MinHashLSHModel;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.linalg.Vectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.neardup.bench.contender.BenchCorpus;
import org.neardup.bench.contender.Phases;
import org.neardup.verify.SimilarPair;

/**
 * Spark MLlib's MinHashLSH in local mode ({@code local[2]}, web UI off, otherwise Spark's defaults)
 * on the benchmark's shingles. Each document is a binary sparse vector over the corpus's dictionary
 * of distinct shingle hashes, so Spark's Jaccard distance is exactly the Jaccard of the other
 * contenders.
 *
 * <p>The vectors are built in the driver rather than by {@code CountVectorizer} on shingle tokens,
 * which gives the same vectors but made the runs slower (docs/benchmarks.md).
 */
public final class SparkMinHash {
  private SparkMinHash() {}

  /**
   * {@code approxSimilarityJoin} of the corpus with itself, {@code tables} hash tables, distance
   * threshold 1 − t + 1e-9 (Spark keeps distance &lt; threshold, strictly; the 1e-9 keeps pairs at
   * exactly t, as the other contenders do).
   */
  public static List<SimilarPair> approxJoin(
      BenchCorpus corpus, int tables, double threshold, long seed, Phases phases) throws Exception {
    try (SparkSession spark = session()) {
      Dataset<Row> features = phases.time("features", () -> features(spark, corpus));
      MinHashLSHModel model = phases.time("fit", () -> minHash(tables, seed).fit(features));
      List<Row> rows =
          phases.time(
              "join",
              () ->
                  model
                      .approxSimilarityJoin(features, features, 1 - threshold + 1e-9, "distance")
                      .select(
                          col("datasetA.ordinal").as("a"),
                          col("datasetB.ordinal").as("b"),
                          col("distance"))
                      .filter(col("a").lt(col("b")))
                      .collectAsList());
      List<SimilarPair> pairs = new ArrayList<>(rows.size());
      for (Row row : rows) {
        pairs.add(new SimilarPair(row.getInt(0), row.getInt(1), 1 - row.getDouble(2)));
      }
      return pairs;
    }
  }

  /**
   * The MinHash values of every document from a model with {@code tables} hash tables (Spark's one
   * hash function per table), as signatures indexed by ordinal.
   */
  public static int[][] signatures(BenchCorpus corpus, int tables, long seed, Phases phases)
      throws Exception {
    try (SparkSession spark = session()) {
      Dataset<Row> features = phases.time("features", () -> features(spark, corpus));
      List<Row> rows =
          phases.time(
              "minhash",
              () ->
                  minHash(tables, seed)
                      .fit(features)
                      .transform(features)
                      .select("ordinal", "hashes")
                      .collectAsList());
      int[][] signatures = new int[corpus.size()][];
      for (Row row : rows) {
        List<Vector> hashes = row.getList(1);
        int[] signature = new int[hashes.size()];
        for (int t = 0; t < signature.length; t++) {
          signature[t] = (int) (long) hashes.get(t).apply(0); // values < 2038074743 (Spark's prime)
        }
        signatures[row.getInt(0)] = signature;
      }
      return signatures;
    }
  }

  private static MinHashLSH minHash(int tables, long seed) {
    return new MinHashLSH()
        .setNumHashTables(tables)
        .setSeed(seed)
        .setInputCol("features")
        .setOutputCol("hashes");
  }

  private static SparkSession session() {
    SparkSession spark =
        SparkSession.builder()
            .master("local[2]")
            .appName("neardup-bench")
            .config("spark.ui.enabled", "false")
            .config("spark.driver.host", "127.0.0.1")
            .config("spark.driver.bindAddress", "127.0.0.1")
            .getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    return spark;
  }

  /**
   * (ordinal, features), cached: each document's set as a binary sparse vector over the corpus's
   * dictionary of distinct shingles — what a binary CountVectorizer with an unbounded vocabulary
   * computes, without the per-term schema metadata that makes CountVectorizer slow on a large
   * vocabulary (see the class comment).
   */
  private static Dataset<Row> features(SparkSession spark, BenchCorpus corpus) {
    long[] dictionary = corpus.dictionary();
    List<Row> rows = new ArrayList<>(corpus.size());
    for (int i = 0; i < corpus.size(); i++) {
      long[] set = corpus.shingles(i);
      int[] indices = new int[set.length];
      double[] ones = new double[set.length];
      for (int s = 0; s < set.length; s++) {
        indices[s] = Arrays.binarySearch(dictionary, set[s]); // sorted, as the set is
        ones[s] = 1;
      }
      rows.add(RowFactory.create(i, Vectors.sparse(dictionary.length, indices, ones)));
    }
    StructType schema =
        new StructType()
            .add("ordinal", DataTypes.IntegerType, false)
            .add("features", SQLDataTypes.VectorType(), false);
    Dataset<Row> features = spark.createDataFrame(rows, schema).cache();
    features.count();
    return features;
  }
}
