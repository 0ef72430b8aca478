/**
 * The signed documents of a run ({@link org.neardup.spark.corpus.SparkCorpus}): read, signed with
 * the engine's sketcher, bad records and repeated ids handled as {@code --on-error} says; Parquet
 * input ({@link org.neardup.spark.corpus.ParquetInputs}).
 */
package org.neardup.spark.corpus;
