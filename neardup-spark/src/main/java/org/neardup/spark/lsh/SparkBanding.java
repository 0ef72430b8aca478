package org.neardup.spark.lsh;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.neardup.lsh.Banding;
import org.neardup.lsh.LshParams;
import org.neardup.spark.corpus.SignedSplit;
import org.neardup.spark.shuffle.DirectPartitioner;
import org.neardup.spark.shuffle.Homes;
import org.neardup.spark.shuffle.Outbox;
import org.neardup.spark.verify.PairBatch;
import org.neardup.spark.verify.PairCounts;
import scala.Tuple2;

/**
 * The banding stage on Spark: each document's b bucket keys (the engine's {@link Banding}, the same
 * keys as the CLI and the index) go to the bucket's partition in one shuffle of packed {@link
 * BandEntries}, a batch for each partition from each split; each partition sorts what it receives
 * and a {@link BucketScan} walks its buckets. What the buckets give (candidate pairs, copies)
 * leaves in {@link PairBatch}es keyed by the home of the pair's later document, to be shuffled
 * there. Stateless.
 */
public final class SparkBanding {
  private SparkBanding() {}

  /**
   * The candidates and copies of {@code corpus}, keyed by the home of their later document.
   *
   * @param partitions the banding shuffle's partitions
   */
  public static JavaPairRDD<Integer, PairBatch> scan(
      JavaRDD<SignedSplit> corpus, LshParams params, int cap, int partitions) {
    Banding banding = new Banding(params);
    int homes = corpus.getNumPartitions();
    return corpus
        .flatMapToPair(split -> entries(split, banding, partitions).iterator())
        .partitionBy(new DirectPartitioner(partitions))
        .mapPartitionsToPair(batches -> buckets(batches, cap, homes).iterator());
  }

  private static List<Tuple2<Integer, BandEntries>> entries(
      SignedSplit split, Banding banding, int partitions) {
    int bands = banding.params().bands();
    int[] signatures = split.signatures();
    int length = split.signatureLength();
    long[] keys = new long[split.size() * bands];
    int[] sizes = new int[partitions];
    for (int i = 0, k = 0; i < split.size(); i++) {
      for (int band = 0; band < bands; band++, k++) {
        keys[k] = banding.bucketKey(signatures, i * length, band);
        sizes[Homes.ofBucket(keys[k], partitions)]++;
      }
    }
    Outbox<BandEntries> out =
        new Outbox<>(partitions, destination -> new BandEntries(sizes[destination]));
    for (int i = 0, k = 0; i < split.size(); i++) {
      long content = split.content(i);
      long ordinal = split.ordinal(i);
      for (int band = 0; band < bands; band++, k++) {
        out.to(Homes.ofBucket(keys[k], partitions)).add(keys[k], content, ordinal, band);
      }
    }
    List<Tuple2<Integer, BandEntries>> batches = out.batches();
    batches.forEach(batch -> batch._2().trimmed());
    return batches;
  }

  private static List<Tuple2<Integer, PairBatch>> buckets(
      Iterator<Tuple2<Integer, BandEntries>> received, int cap, int homes) {
    List<BandEntries> batches = new ArrayList<>();
    received.forEachRemaining(batch -> batches.add(batch._2()));
    Outbox<PairBatch> out = new Outbox<>(homes, destination -> new PairBatch());
    long[] tally = new long[3]; // copies, giant buckets, unexamined pairs
    BucketScan.scan(
        BandEntries.sortedUnion(batches),
        cap,
        new BucketScan.Sink() {
          @Override
          public void candidate(long first, long second) {
            out.to(Homes.of(second)).candidate(first, second);
          }

          @Override
          public void copy(long copy, long original) {
            out.to(Homes.of(copy)).copy(copy, original);
            tally[0]++;
          }

          @Override
          public void giantBucket(long distinctTexts, long unexaminedPairs) {
            tally[1]++;
            tally[2] += unexaminedPairs;
          }
        });
    out.to(0).count(new PairCounts(0, 0, tally[0], tally[1], tally[2]));
    List<Tuple2<Integer, PairBatch>> sent = out.batches();
    sent.forEach(batch -> batch._2().trimmed());
    return sent;
  }
}
