package org.neardup.spark.verify;

import java.io.Serializable;
import java.util.Arrays;

/**
 * Pairs of ordinals on their way from the buckets to the home of their later document (the
 * candidate's second, the copy itself), packed: candidate pairs (first, second) as they come from
 * the buckets, repeats included (a pair shares several buckets), and copies (copy, original), plus
 * the counts the sending task passes on. Mutable until sent; not thread-safe.
 */
public final class PairBatch implements Serializable {
  private static final long serialVersionUID = 1L;

  private long[] candidates = new long[16];
  private int candidateValues;
  private long[] copies = new long[0];
  private int copyValues;
  private PairCounts counts = PairCounts.NONE;

  public void candidate(long first, long second) {
    if (candidateValues == candidates.length) {
      candidates = Arrays.copyOf(candidates, 2 * candidateValues);
    }
    candidates[candidateValues++] = first;
    candidates[candidateValues++] = second;
  }

  public void copy(long copy, long original) {
    if (copyValues == copies.length) {
      copies = Arrays.copyOf(copies, Math.max(16, 2 * copyValues));
    }
    copies[copyValues++] = copy;
    copies[copyValues++] = original;
  }

  public void count(PairCounts more) {
    counts = counts.plus(more);
  }

  /** This batch with its arrays cut to size, to send. */
  public PairBatch trimmed() {
    candidates = Arrays.copyOf(candidates, candidateValues);
    copies = Arrays.copyOf(copies, copyValues);
    return this;
  }

  public int candidateCount() {
    return candidateValues / 2;
  }

  public long candidateFirst(int i) {
    return candidates[2 * i];
  }

  public long candidateSecond(int i) {
    return candidates[2 * i + 1];
  }

  public int copyCount() {
    return copyValues / 2;
  }

  public long copy(int i) {
    return copies[2 * i];
  }

  public long copyOriginal(int i) {
    return copies[2 * i + 1];
  }

  public PairCounts counts() {
    return counts;
  }
}
