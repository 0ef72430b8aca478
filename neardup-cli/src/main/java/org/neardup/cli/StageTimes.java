package org.neardup.cli;

import java.io.PrintWriter;
import java.util.Locale;
import org.neardup.batch.corpus.Progress;

/**
 * A {@link Progress} that also prints how long each stage took, as {@code neardup: stage NAME S.SS
 * s (cpu S.SS s)} (wall time, then the process's processor time), on stderr: for measuring where a
 * run's time goes. Turned on by the environment variable {@code NEARDUP_STAGE_TIMES=1}.
 * Thread-safe.
 */
final class StageTimes implements Progress {
  private final Progress inner;
  private final PrintWriter err;
  private String stage;
  private long started;
  private long startedCpu;

  private StageTimes(Progress inner, PrintWriter err) {
    this.inner = inner;
    this.err = err;
  }

  /** {@code inner}, timed when {@code NEARDUP_STAGE_TIMES=1}. */
  static Progress wrap(Progress inner, PrintWriter err) {
    return "1".equals(System.getenv("NEARDUP_STAGE_TIMES")) ? new StageTimes(inner, err) : inner;
  }

  private static long processCpuNanos() {
    java.lang.management.OperatingSystemMXBean os =
        java.lang.management.ManagementFactory.getOperatingSystemMXBean();
    return os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getProcessCpuTime() : 0;
  }

  @Override
  public synchronized void start(String name, long total) {
    begin(name);
    inner.start(name, total);
  }

  @Override
  public synchronized void startBytes(String name, long totalBytes) {
    begin(name);
    inner.startBytes(name, totalBytes);
  }

  private void begin(String name) {
    report();
    stage = name;
    started = System.nanoTime();
    startedCpu = processCpuNanos();
  }

  @Override
  public void advance(long steps) {
    inner.advance(steps);
  }

  @Override
  public synchronized void finish() {
    report();
    inner.finish();
  }

  private void report() {
    if (stage != null) {
      err.printf(
          Locale.ROOT,
          "neardup: stage %s %.2f s (cpu %.2f s)%n",
          stage,
          (System.nanoTime() - started) / 1e9,
          (processCpuNanos() - startedCpu) / 1e9);
      err.flush();
      stage = null;
    }
  }
}
