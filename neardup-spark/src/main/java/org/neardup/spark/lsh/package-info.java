/**
 * Banding on Spark: one sorted shuffle of (bucket, content, ordinal) entries and a streaming scan
 * of each bucket ({@link org.neardup.spark.lsh.BucketScan}) that collapses exact copies, emits
 * every pair of a bucket up to the cap, and only a star and a chain past it.
 */
package org.neardup.spark.lsh;
