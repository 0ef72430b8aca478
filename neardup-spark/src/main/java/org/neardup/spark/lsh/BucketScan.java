package org.neardup.spark.lsh;

import java.util.Arrays;

/**
 * Walks {@link BandEntries} sorted by bucket, content and ordinal, one bucket at a time, with
 * memory bounded by the cap whatever a bucket's size, and tells a {@link Sink} what it finds:
 *
 * <ul>
 *   <li>Copies of one text (equal content) form one run in a bucket: its first-read copy stands for
 *       the run; the others are {@linkplain Sink#copy copies}, reported from band 0 only (every
 *       copy is in the same band-0 bucket as its text), and take no further part.
 *   <li>A bucket of at most {@code cap} distinct texts yields every pair of them as a {@linkplain
 *       Sink#candidate candidate}, as the CLI examines every pair sharing a bucket.
 *   <li>Past the cap (a giant bucket), each further text yields two candidates only: with the
 *       bucket's first text (a star) and with the text before it (a chain); the pairs left out are
 *       counted ({@link Sink#giantBucket}).
 * </ul>
 *
 * With {@code cap} 0 there is no cap. Stateless.
 */
public final class BucketScan {
  private BucketScan() {}

  /** What the scan finds. */
  public interface Sink {
    /** Two distinct texts (first-read copies) that share a bucket, smaller ordinal first. */
    void candidate(long first, long second);

    /** An exact copy of a text read earlier, and that text's first-read copy. */
    void copy(long copy, long original);

    /** A bucket of more distinct texts than the cap, and its pairs left unexamined. */
    void giantBucket(long distinctTexts, long unexaminedPairs);
  }

  /** Scans {@code sorted}, telling {@code sink}. */
  public static void scan(BandEntries sorted, int cap, Sink sink) {
    int limit = cap == 0 ? Integer.MAX_VALUE : cap;
    long[] texts = new long[16];
    int n = sorted.size();
    int i = 0;
    while (i < n) {
      long key = sorted.key(i);
      int distinct = 0;
      long unexamined = 0;
      long last = 0;
      int runStart = -1;
      for (; i < n && sorted.key(i) == key; i++) {
        if (runStart >= 0 && sorted.content(i) == sorted.content(runStart)) {
          if (sorted.isBandZero(i)) {
            sink.copy(sorted.ordinal(i), sorted.ordinal(runStart));
          }
          continue;
        }
        runStart = i;
        long ordinal = sorted.ordinal(i);
        if (distinct < limit) {
          for (int t = 0; t < distinct; t++) {
            sink.candidate(Math.min(texts[t], ordinal), Math.max(texts[t], ordinal));
          }
          if (distinct == texts.length) {
            texts = Arrays.copyOf(texts, (int) Math.min(limit, 2L * distinct));
          }
          texts[distinct] = ordinal;
        } else {
          sink.candidate(Math.min(texts[0], ordinal), Math.max(texts[0], ordinal)); // star
          if (distinct > 1) {
            sink.candidate(Math.min(last, ordinal), Math.max(last, ordinal)); // chain
            unexamined += distinct - 2;
          }
        }
        last = ordinal;
        distinct++;
      }
      if (distinct > limit) {
        sink.giantBucket(distinct, unexamined);
      }
    }
  }
}
