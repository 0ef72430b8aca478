package org.neardup.spark.shuffle;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import scala.Tuple2;

/**
 * What one task sends through a shuffle, a batch per destination partition, made when first needed.
 * Not thread-safe.
 *
 * @param <B> the batch type
 */
public final class Outbox<B> {
  private final Object[] batches;
  private final IntFunction<B> factory;

  /**
   * @param destinations the partitions of the shuffle
   * @param factory makes the batch of a destination
   */
  public Outbox(int destinations, IntFunction<B> factory) {
    this.batches = new Object[destinations];
    this.factory = factory;
  }

  /** The batch for {@code destination}. */
  @SuppressWarnings("unchecked")
  public B to(int destination) {
    Object batch = batches[destination];
    if (batch == null) {
      batch = factory.apply(destination);
      batches[destination] = batch;
    }
    return (B) batch;
  }

  /** The batches made, keyed by destination, in destination order. */
  @SuppressWarnings("unchecked")
  public List<Tuple2<Integer, B>> batches() {
    List<Tuple2<Integer, B>> all = new ArrayList<>();
    for (int i = 0; i < batches.length; i++) {
      if (batches[i] != null) {
        all.add(new Tuple2<>(i, (B) batches[i]));
      }
    }
    return all;
  }
}
