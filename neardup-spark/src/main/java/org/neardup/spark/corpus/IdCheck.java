package org.neardup.spark.corpus;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.storage.StorageLevel;
import org.neardup.spark.shuffle.DirectPartitioner;
import org.neardup.spark.shuffle.Homes;
import org.neardup.spark.shuffle.Outbox;
import scala.Tuple2;

/**
 * Finds ids that occur more than once: every (id, ordinal) goes, in packed batches, to the
 * partition of its id's hash, which keeps the first occurrence in input order and reports the
 * others. Stateless.
 */
final class IdCheck {
  private IdCheck() {}

  /** The later occurrences of repeated ids. */
  static final class Result {
    private final JavaRDD<long[]> later;
    private final long count;

    private Result(JavaRDD<long[]> later, long count) {
      this.later = later;
      this.count = count;
    }

    /** Records that repeat an id read before. */
    long count() {
      return count;
    }

    /** The first of them in input order (one Spark job). */
    long first() {
      return later
          .map(ordinals -> Arrays.stream(ordinals).min().orElse(Long.MAX_VALUE))
          .reduce(Math::min);
    }

    /** {@code signed} without the later occurrences, sent to their homes. */
    JavaRDD<SignedSplit> dropFrom(JavaRDD<SignedSplit> signed) {
      int homes = signed.getNumPartitions();
      JavaRDD<long[]> atHome =
          later
              .flatMapToPair(ordinals -> byHome(ordinals).iterator())
              .partitionBy(new DirectPartitioner(homes))
              .values();
      return signed.zipPartitions(
          atHome,
          (splits, dropped) -> {
            SignedSplit split = splits.next();
            List<long[]> all = new ArrayList<>();
            dropped.forEachRemaining(all::add);
            long[] ordinals = all.stream().flatMapToLong(Arrays::stream).toArray();
            return List.of(split.without(ordinals)).iterator();
          });
    }

    void close() {
      later.unpersist(false);
    }
  }

  /** Finds the repeated ids of {@code signed} (one Spark job); persists what it found. */
  static Result run(JavaRDD<SignedSplit> signed, int partitions) {
    JavaRDD<long[]> later =
        signed
            .flatMapToPair(split -> batches(split, partitions).iterator())
            .partitionBy(new DirectPartitioner(partitions))
            .mapPartitions(received -> List.of(laterOccurrences(received)).iterator())
            .persist(StorageLevel.MEMORY_AND_DISK());
    long count = later.map(ordinals -> (long) ordinals.length).reduce(Long::sum);
    if (count == 0) {
      later.unpersist(false);
    }
    return new Result(later, count);
  }

  /** (id, ordinal) of a split's documents, packed, a batch for each id partition. */
  private static final class IdBatch implements Serializable {
    private static final long serialVersionUID = 1L;
    private String[] ids = new String[16];
    private long[] ordinals = new long[16];
    private int size;

    void add(String id, long ordinal) {
      if (size == ids.length) {
        ids = Arrays.copyOf(ids, 2 * size);
        ordinals = Arrays.copyOf(ordinals, 2 * size);
      }
      ids[size] = id;
      ordinals[size++] = ordinal;
    }

    IdBatch trimmed() {
      ids = Arrays.copyOf(ids, size);
      ordinals = Arrays.copyOf(ordinals, size);
      return this;
    }
  }

  private static List<Tuple2<Integer, IdBatch>> batches(SignedSplit split, int partitions) {
    Outbox<IdBatch> out = new Outbox<>(partitions, destination -> new IdBatch());
    for (int i = 0; i < split.size(); i++) {
      String id = split.id(i);
      out.to(Math.floorMod(id.hashCode() * 0x9E3779B9, partitions)).add(id, split.ordinal(i));
    }
    List<Tuple2<Integer, IdBatch>> batches = out.batches();
    batches.forEach(batch -> batch._2().trimmed());
    return batches;
  }

  /** The ordinals of every occurrence of an id but its first, among {@code received}. */
  private static long[] laterOccurrences(Iterator<Tuple2<Integer, IdBatch>> received) {
    List<IdBatch> batches = new ArrayList<>();
    received.forEachRemaining(batch -> batches.add(batch._2()));
    Map<String, Long> first = new HashMap<>();
    boolean repeats = false;
    for (IdBatch batch : batches) {
      for (int i = 0; i < batch.size; i++) {
        Long earlier = first.putIfAbsent(batch.ids[i], batch.ordinals[i]);
        if (earlier != null) {
          repeats = true;
          first.put(batch.ids[i], Math.min(earlier, batch.ordinals[i]));
        }
      }
    }
    if (!repeats) {
      return new long[0];
    }
    long[] later = new long[16];
    int n = 0;
    for (IdBatch batch : batches) {
      for (int i = 0; i < batch.size; i++) {
        if (first.get(batch.ids[i]) != batch.ordinals[i]) {
          if (n == later.length) {
            later = Arrays.copyOf(later, 2 * n);
          }
          later[n++] = batch.ordinals[i];
        }
      }
    }
    return Arrays.copyOf(later, n);
  }

  private static List<Tuple2<Integer, long[]>> byHome(long[] ordinals) {
    long[] sorted = ordinals.clone();
    Arrays.sort(sorted); // a home's ordinals are one run: the home is their high half
    List<Tuple2<Integer, long[]>> batches = new ArrayList<>();
    int k = 0;
    while (k < sorted.length) {
      int home = Homes.of(sorted[k]);
      int end = k;
      while (end < sorted.length && Homes.of(sorted[end]) == home) {
        end++;
      }
      batches.add(new Tuple2<>(home, Arrays.copyOfRange(sorted, k, end)));
      k = end;
    }
    return batches;
  }
}
