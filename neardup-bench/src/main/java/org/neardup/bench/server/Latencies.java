package org.neardup.bench.server;

import java.util.Arrays;
import java.util.Locale;

/**
 * Latencies of one kind of request, in nanoseconds, with exact percentiles (every sample kept: a
 * bounded run keeps at most a few million). One instance a thread; {@link #merge} them after.
 */
final class Latencies {
  private long[] samples = new long[1024];
  private int count;
  private long errors;

  void add(long nanos) {
    if (count == samples.length) {
      samples = Arrays.copyOf(samples, count * 2);
    }
    samples[count++] = nanos;
  }

  void error() {
    errors++;
  }

  int count() {
    return count;
  }

  long errors() {
    return errors;
  }

  static Latencies merge(Iterable<Latencies> parts) {
    Latencies all = new Latencies();
    for (Latencies part : parts) {
      for (int i = 0; i < part.count; i++) {
        all.add(part.samples[i]);
      }
      all.errors += part.errors;
    }
    Arrays.sort(all.samples, 0, all.count);
    return all;
  }

  /** The p-th percentile (0-100) in milliseconds, of merged (sorted) samples. */
  double percentileMillis(double p) {
    if (count == 0) {
      return Double.NaN;
    }
    int index = (int) Math.min(count - 1, Math.ceil(p / 100 * count) - 1);
    return samples[Math.max(0, index)] / 1e6;
  }

  String summary(String name, double seconds, int itemsPerRequest) {
    return String.format(
        Locale.ROOT,
        "| %s | %,d | %,.0f | %.3f | %.3f | %.3f | %.3f | %d |",
        name,
        count,
        count * (double) itemsPerRequest / seconds,
        percentileMillis(50),
        percentileMillis(99),
        percentileMillis(99.9),
        count == 0 ? Double.NaN : samples[count - 1] / 1e6,
        errors);
  }
}
