package org.neardup.cli;

/** Text forms shared by the commands' outputs. */
public final class Formats {
  private Formats() {}

  /** A count with its noun, singular for 1: {@code 1 record}, {@code 3 records}. */
  public static String count(long n, String singular) {
    return n + " " + (n == 1 ? singular : singular + "s");
  }

  /** A number as briefly as it is exact: {@code 0.8}, {@code 0.75}, {@code 1}; {@code NaN}, {@code Infinity}. */
  public static String plain(double value) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return Double.toString(value);
    }
    return java.math.BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
  }

  /** A similarity in [0, 1] with exactly 6 decimals, e.g. {@code 0.812500}. */
  public static String similarity(double value) {
    long micros = Math.round(value * 1_000_000);
    StringBuilder sb = new StringBuilder(8);
    sb.append(micros / 1_000_000).append('.');
    String fraction = Long.toString(micros % 1_000_000);
    for (int i = fraction.length(); i < 6; i++) {
      sb.append('0');
    }
    return sb.append(fraction).toString();
  }
}
