package org.neardup.spark.verify;

import java.io.Serializable;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.HashPartitioner;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.storage.StorageLevel;
import org.apache.spark.util.sketch.BloomFilter;
import org.neardup.spark.corpus.SketchedDocument;
import org.neardup.verify.Jaccard;
import org.neardup.verify.SignatureCheck;
import org.neardup.verify.Verifier;
import scala.Tuple2;

/**
 * Verifies candidate pairs with the engine's {@link Verifier}, as the CLI does, in two joins that
 * move only what each step needs:
 *
 * <ol>
 *   <li>each pair meets both signatures (and ids) and the signature-agreement filter drops those
 *       agreeing on far too few values (in estimate mode the agreement is the similarity);
 *   <li>the survivors meet both shingle sets and get their exact Jaccard.
 * </ol>
 *
 * Only documents that occur in a pair take part: a Bloom filter of their ordinals (broadcast)
 * selects them before the shuffle, which partitions them by ordinal once for both joins; each pair
 * then carries its first document's data to its second's partition. Stateless.
 */
public final class CandidateVerification {
  private CandidateVerification() {}

  /** The counts of a verification. */
  public record Counts(long candidates, long verified) implements Serializable {}

  /** The verified pairs, and the counts. */
  public record Result(JavaRDD<VerifiedPair> pairs, Counts counts) {}

  // Shares its arrays (no copy: a carrier inside this class); equals and hashCode compare them
  // by identity, which nothing here relies on.
  @SuppressWarnings("ArrayRecordComponent")
  private record Signed(String id, int[] signature) implements Serializable {}

  private record Survivor(long first, long second, String firstId, String secondId)
      implements Serializable {}

  /**
   * Verifies {@code candidates} (distinct pairs of ordinals, smaller first) among {@code
   * documents}. The result's pairs are persisted.
   */
  public static Result verify(
      JavaSparkContext context,
      JavaRDD<SketchedDocument> documents,
      JavaPairRDD<Long, Long> candidates,
      Verifier verifier,
      int partitions) {
    long candidateCount = candidates.count();
    if (candidateCount == 0) {
      return new Result(context.emptyRDD(), new Counts(0, 0));
    }
    Broadcast<BloomFilter> inCandidates = context.broadcast(ordinals(candidates, candidateCount));
    HashPartitioner byOrdinal = new HashPartitioner(partitions);
    // Partitioned once and kept: both joins below use this partitioning, so only the pairs move.
    JavaPairRDD<Long, Signed> signatures =
        documents
            .filter(d -> inCandidates.value().mightContainLong(d.ordinal))
            .mapToPair(d -> new Tuple2<>(d.ordinal, new Signed(d.id, d.signature)))
            .partitionBy(byOrdinal)
            .persist(StorageLevel.MEMORY_AND_DISK_SER());
    JavaRDD<Tuple2<Survivor, double[]>> checked =
        candidates
            .join(signatures, partitions)
            .mapToPair(e -> new Tuple2<>(e._2()._1(), new Tuple2<>(e._1(), e._2()._2())))
            .join(signatures, partitions)
            .flatMap(
                e -> {
                  long second = e._1();
                  long first = e._2()._1()._1();
                  Signed a = e._2()._1()._2();
                  Signed b = e._2()._2();
                  SignatureCheck check = verifier.check(a.signature(), b.signature());
                  if (check.rejected()) {
                    return List.<Tuple2<Survivor, double[]>>of().iterator();
                  }
                  // needs sets: its similarity comes from the join with the sets below
                  double estimate = check.needsSets() ? Double.NaN : check.similarity();
                  return List.of(
                          new Tuple2<>(
                              new Survivor(first, second, a.id(), b.id()), new double[] {estimate}))
                      .iterator();
                });
    checked.persist(StorageLevel.MEMORY_AND_DISK());
    long verified = checked.count();
    signatures.unpersist(false);
    // Unpersisted, not destroyed: when an executor is lost, later steps recompute partitions of
    // the persisted pairs from this lineage, which reads the filter again.
    inCandidates.unpersist(false);
    if (!verifier.needsSets() || verified == 0) {
      JavaRDD<VerifiedPair> pairs =
          checked
              .filter(s -> s._2()[0] != Jaccard.BELOW)
              .map(
                  s ->
                      new VerifiedPair(
                          s._1().first(),
                          s._1().second(),
                          s._1().firstId(),
                          s._1().secondId(),
                          s._2()[0]))
              .persist(StorageLevel.MEMORY_AND_DISK());
      pairs.count();
      checked.unpersist(false);
      return new Result(pairs, new Counts(candidateCount, verified));
    }
    Broadcast<BloomFilter> inSurvivors =
        context.broadcast(
            ordinals(
                checked.mapToPair(s -> new Tuple2<>(s._1().first(), s._1().second())), verified));
    JavaPairRDD<Long, long[]> sets =
        documents
            .filter(d -> inSurvivors.value().mightContainLong(d.ordinal))
            .mapToPair(d -> new Tuple2<>(d.ordinal, d.shingleSet))
            .partitionBy(byOrdinal)
            .persist(StorageLevel.MEMORY_AND_DISK_SER());
    JavaRDD<VerifiedPair> pairs =
        checked
            .mapToPair(s -> new Tuple2<>(s._1().first(), s._1()))
            .join(sets, partitions)
            .mapToPair(e -> new Tuple2<>(e._2()._1().second(), e._2()))
            .join(sets, partitions)
            .map(
                e -> {
                  Survivor s = e._2()._1()._1();
                  long[] a = e._2()._1()._2();
                  long[] b = e._2()._2();
                  // the exact step of a pair whose signature check above needs its sets
                  double similarity = verifier.exact(a, b);
                  return new VerifiedPair(
                      s.first(), s.second(), s.firstId(), s.secondId(), similarity);
                })
            .filter(p -> p.similarity() != Jaccard.BELOW)
            .persist(StorageLevel.MEMORY_AND_DISK());
    pairs.count();
    checked.unpersist(false);
    sets.unpersist(false);
    inSurvivors.unpersist(false);
    return new Result(pairs, new Counts(candidateCount, verified));
  }

  /** A Bloom filter (1% false positives) of the ordinals in {@code pairs}. */
  private static BloomFilter ordinals(JavaPairRDD<Long, Long> pairs, long count) {
    long expected = Math.max(1, 2 * count);
    return pairs
        .mapPartitions(
            (Iterator<Tuple2<Long, Long>> it) -> {
              BloomFilter filter = BloomFilter.create(expected, 0.01);
              it.forEachRemaining(
                  p -> {
                    filter.putLong(p._1());
                    filter.putLong(p._2());
                  });
              return List.of(filter).iterator();
            })
        .reduce(BloomFilter::mergeInPlace);
  }
}
