package org.neardup.tune;

import java.util.Arrays;

/**
 * Counts of values in equal-width bins over [from, to]; bin i is [from + i w, from + (i + 1) w),
 * the last bin also holds {@code to}. Values outside [from, to] are not counted. Immutable.
 */
public final class Histogram {
  private final double from;
  private final double to;
  private final long[] counts;

  private Histogram(double from, double to, long[] counts) {
    this.from = from;
    this.to = to;
    this.counts = counts;
  }

  /**
   * The histogram of {@code values} in {@code bins} bins over [from, to].
   *
   * @throws IllegalArgumentException unless from &lt; to and bins &gt;= 1
   */
  public static Histogram of(double[] values, double from, double to, int bins) {
    if (!(from < to)) {
      throw new IllegalArgumentException("expected from < to, got " + from + " and " + to);
    }
    if (bins < 1) {
      throw new IllegalArgumentException("bins must be at least 1, got " + bins);
    }
    long[] counts = new long[bins];
    for (double value : values) {
      int bin = binOf(value, from, to, bins);
      if (bin >= 0) {
        counts[bin]++;
      }
    }
    return new Histogram(from, to, counts);
  }

  /**
   * The bin of {@code value}, or -1 outside [from, to]. A value within 1e-9 bin widths below a bin
   * edge counts in the upper bin, so that 0.3 lands in [0.3, 0.4) despite 0.3 / 0.1 =
   * 2.9999999999999996.
   */
  static int binOf(double value, double from, double to, int bins) {
    if (!(value >= from && value <= to)) {
      return -1;
    }
    int bin = (int) Math.floor((value - from) / (to - from) * bins + 1e-9);
    return Math.min(bins - 1, bin);
  }

  /** The bin of {@code value} in this histogram's bins, or -1 outside [from, to]. */
  public int binOf(double value) {
    return binOf(value, from, to, counts.length);
  }

  public int bins() {
    return counts.length;
  }

  /** The lower edge of bin {@code i}. */
  public double lower(int i) {
    return from + (to - from) * i / counts.length;
  }

  /** The upper edge of bin {@code i} (included for the last bin only). */
  public double upper(int i) {
    return i == counts.length - 1 ? to : from + (to - from) * (i + 1) / counts.length;
  }

  public long count(int i) {
    return counts[i];
  }

  /** The largest bin count (0 for no values). */
  public long maxCount() {
    return Arrays.stream(counts).max().orElse(0);
  }

  /** Values counted. */
  public long total() {
    return Arrays.stream(counts).sum();
  }
}
