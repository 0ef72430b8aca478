package org.neardup.spark.lsh;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * Turns a stream of {@link BucketEntry}s sorted by {@link BucketEntry#ORDER} into {@link
 * BucketOutput}s, one bucket at a time, with memory bounded by the cap whatever a bucket's size:
 *
 * <ul>
 *   <li>Copies of one text (equal content) form one run in a bucket: its first-read copy stands for
 *       the run; the others become {@link BucketOutput.Kind#COPY} outputs, from band 0 only (every
 *       copy is in the same band-0 bucket as its text), and take no further part.
 *   <li>A bucket of at most {@code cap} distinct texts yields every pair of them as a candidate, as
 *       the CLI examines every pair sharing a bucket.
 *   <li>Past the cap (a giant bucket), each further text yields two candidates only: with the
 *       bucket's first text (a star) and with the text before it (a chain); the pairs left out are
 *       counted in one {@link BucketOutput.Kind#GIANT_BUCKET} output.
 * </ul>
 *
 * With {@code cap} 0 there is no cap. Lazy; not thread-safe.
 */
public final class BucketScan implements Iterator<BucketOutput> {
  private final Iterator<BucketEntry> entries;
  private final int cap;
  private final ArrayDeque<BucketOutput> pending = new ArrayDeque<>();
  private long[] texts = new long[16];
  private int distinct;
  private long lastText;
  private BucketEntry runStart;
  private long bucketKey;
  private boolean inBucket;
  private long unexamined;

  /**
   * @param entries sorted by {@link BucketEntry#ORDER}
   * @param cap distinct texts a bucket may have before it is giant; 0 for no cap
   */
  public BucketScan(Iterator<BucketEntry> entries, int cap) {
    this.entries = entries;
    this.cap = cap == 0 ? Integer.MAX_VALUE : cap;
  }

  @Override
  public boolean hasNext() {
    while (pending.isEmpty()) {
      if (!entries.hasNext()) {
        if (inBucket) {
          endBucket();
          inBucket = false;
          continue;
        }
        return false;
      }
      accept(entries.next());
    }
    return true;
  }

  @Override
  public BucketOutput next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    return pending.poll();
  }

  private void accept(BucketEntry entry) {
    if (!inBucket || entry.bucketKey() != bucketKey) {
      if (inBucket) {
        endBucket();
      }
      inBucket = true;
      bucketKey = entry.bucketKey();
      distinct = 0;
      unexamined = 0;
      runStart = null;
    }
    if (runStart != null && entry.sameContentAs(runStart)) {
      if (entry.band() == 0) {
        pending.add(new BucketOutput(BucketOutput.Kind.COPY, entry.ordinal(), runStart.ordinal()));
      }
      return;
    }
    runStart = entry;
    addText(entry.ordinal());
  }

  private void addText(long ordinal) {
    if (distinct < cap) {
      for (int i = 0; i < distinct; i++) {
        pending.add(BucketOutput.candidate(texts[i], ordinal));
      }
      if (distinct == texts.length) {
        texts = Arrays.copyOf(texts, Math.min(cap, 2 * distinct));
      }
      texts[distinct] = ordinal;
    } else {
      pending.add(BucketOutput.candidate(texts[0], ordinal)); // star
      if (distinct > 1) {
        pending.add(BucketOutput.candidate(lastText, ordinal)); // chain
        unexamined += distinct - 2;
      }
    }
    lastText = ordinal;
    distinct++;
  }

  private void endBucket() {
    if (distinct > cap) {
      pending.add(new BucketOutput(BucketOutput.Kind.GIANT_BUCKET, distinct, unexamined));
    }
  }
}
