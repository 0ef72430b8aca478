package org.neardup.options;

import java.util.Locale;

/** Text forms shared by the commands' outputs. */
public final class Formats {
  private Formats() {}

  /** A count with its noun, singular for 1: {@code 1 record}, {@code 3 records}. */
  public static String count(long n, String singular) {
    return String.format(Locale.ROOT, "%,d %s", n, n == 1 ? singular : singular + "s");
  }

  /**
   * A number as briefly as it is exact: {@code 0.8}, {@code 0.75}, {@code 1}; {@code NaN}, {@code
   * Infinity}.
   */
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

  /**
   * A byte count in binary units with one decimal: {@code 512 B}, {@code 1.5 MiB}, {@code 2.0 GiB}.
   */
  public static String bytes(long bytes) {
    if (bytes < 1024) {
      return bytes + " B";
    }
    String[] units = {"KiB", "MiB", "GiB", "TiB", "PiB"};
    double value = bytes;
    int unit = -1;
    while (value >= 1024 && unit < units.length - 1) {
      value /= 1024;
      unit++;
    }
    return String.format(java.util.Locale.ROOT, "%.1f %s", value, units[unit]);
  }
}
