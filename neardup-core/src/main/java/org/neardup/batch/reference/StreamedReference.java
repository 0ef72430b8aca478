package org.neardup.batch.reference;

import java.util.function.LongConsumer;
import java.util.function.Supplier;
import org.neardup.sketch.SketchParams;

/**
 * A reference read once in full, in order: texts (sketched with the run's settings) or sketches
 * already made (signature files, not sketched again). Each document's bucket keys are looked up in
 * the run's documents' buckets, so reading it costs its size once, and the lookups and verification
 * grow with the run's documents that share a bucket with it. Implementations need not be
 * thread-safe: one thread reads at a time.
 */
public interface StreamedReference extends Reference {
  /** Receives the reference's documents in order, on the thread that reads. */
  interface Sink {
    /** A document given as raw text, to be sketched with the run's settings. */
    void text(String id, String rawText);

    /**
     * A document already sketched with {@link #params()}: its signature, and its sorted shingle
     * set, given when asked for (most documents of a reference are never verified, so a reader may
     * leave the set encoded until then; null when {@link #givesSets()} is false).
     *
     * @param setSize how many shingles the set holds (0: nothing to compare), or -1 without a set
     */
    void sketch(String id, int[] signature, int setSize, Supplier<long[]> shingleSet);
  }

  /** The sketch params of the sketches it gives, or null when it gives texts only. */
  SketchParams params();

  /** Whether every sketch it gives carries its shingle set (texts always do). */
  boolean givesSets();

  /** The bytes reading goes through, for progress; -1 when unknown. */
  long bytes();

  /**
   * Hands every document to {@code sink}, in order, telling {@code bytesRead} how many bytes it
   * reads. It may be called more than once (once for each slice of a large run).
   */
  void read(Sink sink, LongConsumer bytesRead);
}
