package org.neardup.bench.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Peak resident set size of a process from Linux's {@code /proc/PID/status} ({@code VmHWM}, the
 * resident high-water mark, the same figure as {@code getrusage}'s ru_maxrss and GNU time's
 * "Maximum resident set size").
 */
final class PeakRss {
  private PeakRss() {}

  /** VmHWM of process {@code pid} in KiB, or -1 when unavailable (not Linux, process gone). */
  static long kib(long pid) {
    return read(Path.of("/proc", Long.toString(pid), "status"));
  }

  /** VmHWM of this process in KiB, or -1. */
  static long ownKib() {
    return read(Path.of("/proc/self/status"));
  }

  private static long read(Path status) {
    try {
      for (String line : Files.readAllLines(status)) {
        if (line.startsWith("VmHWM:")) {
          return Long.parseLong(line.substring(6).trim().split("\\s+", -1)[0]);
        }
      }
    } catch (IOException | RuntimeException e) {
      // unavailable
    }
    return -1;
  }
}
