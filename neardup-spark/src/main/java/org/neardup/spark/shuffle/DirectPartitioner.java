package org.neardup.spark.shuffle;

import org.apache.spark.Partitioner;

/**
 * A partitioner whose keys are the partition numbers themselves: the job's shuffles send packed
 * batches of records that the sending task has already sorted by destination, to a document's home
 * (the corpus partition that holds it, {@link Homes}) or to a bucket's partition. Immutable and
 * serializable.
 */
public final class DirectPartitioner extends Partitioner {
  private static final long serialVersionUID = 1L;

  private final int partitions;

  public DirectPartitioner(int partitions) {
    if (partitions < 1) {
      throw new IllegalArgumentException("partitions must be at least 1, got " + partitions);
    }
    this.partitions = partitions;
  }

  @Override
  public int numPartitions() {
    return partitions;
  }

  @Override
  public int getPartition(Object key) {
    return (Integer) key;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof DirectPartitioner p && p.partitions == partitions;
  }

  @Override
  public int hashCode() {
    return partitions;
  }
}
