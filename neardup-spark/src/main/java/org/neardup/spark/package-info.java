/**
 * The neardup pipeline as a Spark application (Java API): the same pairs, clusters and deduplicated
 * copy as {@code ./neardup}, in {@code local[*]} or on a cluster. {@link
 * org.neardup.spark.SparkMain} is the entry point of {@code spark-submit} and of {@code ./neardup
 * spark}; {@link org.neardup.spark.NearDupJob} drives the steps; {@link
 * org.neardup.spark.JobSettings} holds a run's settings. See {@code docs/spark.md}.
 */
package org.neardup.spark;
