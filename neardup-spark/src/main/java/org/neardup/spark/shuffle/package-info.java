/**
 * How the job's shuffles route their batches: by partition number ({@link
 * org.neardup.spark.shuffle.DirectPartitioner}), to documents' homes or buckets' partitions ({@link
 * org.neardup.spark.shuffle.Homes}).
 */
package org.neardup.spark.shuffle;
