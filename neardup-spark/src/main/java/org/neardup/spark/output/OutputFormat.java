package org.neardup.spark.output;

import java.util.Locale;

/** How the pairs and clusters outputs are written. */
public enum OutputFormat {
  /**
   * Part files of the CLI's lines ({@code saveAsTextFile}); concatenated in name order they are the
   * CLI's file.
   */
  TEXT,
  /**
   * Parquet, with the same rows and order (pairs: id_a, id_b, similarity; clusters: cluster, id,
   * role).
   */
  PARQUET;

  /** The format named {@code name}: {@code text} (also {@code tsv}) or {@code parquet}. */
  public static OutputFormat parse(String name) {
    switch (name.trim().toLowerCase(Locale.ROOT)) {
      case "text", "tsv" -> {
        return TEXT;
      }
      case "parquet" -> {
        return PARQUET;
      }
      default ->
          throw new IllegalArgumentException(
              "--output-format must be text or parquet, got '" + name + "'");
    }
  }
}
