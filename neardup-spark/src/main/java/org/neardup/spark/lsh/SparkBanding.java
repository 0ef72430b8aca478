package org.neardup.spark.lsh;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.Partitioner;
import org.apache.spark.api.java.JavaRDD;
import org.neardup.lsh.Banding;
import org.neardup.lsh.LshParams;
import org.neardup.spark.corpus.SketchedDocument;
import scala.Tuple2;

/**
 * The banding stage on Spark: each document goes to its b buckets (the engine's {@link Banding},
 * the same keys as the CLI and the index), one shuffle groups the buckets by sorting on (bucket,
 * content, ordinal), and a {@link BucketScan} per partition streams through them. No bucket is ever
 * held in memory beyond the cap. Stateless.
 */
public final class SparkBanding {
  private SparkBanding() {}

  /** The candidates, copies and giant-bucket tallies of {@code documents}. */
  public static JavaRDD<BucketOutput> scan(
      JavaRDD<SketchedDocument> documents, LshParams params, int cap, int partitions) {
    Banding banding = new Banding(params);
    return documents
        .flatMapToPair(document -> entries(banding, document))
        .repartitionAndSortWithinPartitions(new BucketPartitioner(partitions), BucketEntry.ORDER)
        .mapPartitions(sorted -> new BucketScan(keys(sorted), cap));
  }

  private static Iterator<Tuple2<BucketEntry, Object>> entries(
      Banding banding, SketchedDocument document) {
    long[] keys = banding.bucketKeys(document.signature);
    List<Tuple2<BucketEntry, Object>> entries = new ArrayList<>(keys.length);
    for (int band = 0; band < keys.length; band++) {
      entries.add(
          new Tuple2<>(
              new BucketEntry(
                  keys[band], document.fingerprint, document.setSize, document.ordinal, band),
              null));
    }
    return entries.iterator();
  }

  private static Iterator<BucketEntry> keys(Iterator<Tuple2<BucketEntry, Object>> pairs) {
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        return pairs.hasNext();
      }

      @Override
      public BucketEntry next() {
        return pairs.next()._1();
      }
    };
  }

  /** Partitions bucket entries by bucket key, so that a bucket is in one partition. */
  static final class BucketPartitioner extends Partitioner {
    private static final long serialVersionUID = 1L;
    private final int partitions;

    BucketPartitioner(int partitions) {
      this.partitions = partitions;
    }

    @Override
    public int numPartitions() {
      return partitions;
    }

    @Override
    public int getPartition(Object key) {
      long bucketKey = ((BucketEntry) key).bucketKey();
      return (int) Long.remainderUnsigned(bucketKey, partitions);
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof BucketPartitioner p && p.partitions == partitions;
    }

    @Override
    public int hashCode() {
      return partitions;
    }
  }
}
