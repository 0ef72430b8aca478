package org.neardup.bench.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;

/** What the results were measured on: processor, cores, memory, OS, JVM and the date. */
final class Machine {
  private Machine() {}

  /** Labelled facts, in display order. */
  static Map<String, String> describe() {
    Map<String, String> facts = new LinkedHashMap<>();
    facts.put(
        "date", OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.SECONDS).toString());
    facts.put("cpu", firstValue(Path.of("/proc/cpuinfo"), "model name", "unknown"));
    facts.put("cores", Integer.toString(Runtime.getRuntime().availableProcessors()));
    facts.put("memory", firstValue(Path.of("/proc/meminfo"), "MemTotal", "unknown"));
    facts.put(
        "os",
        System.getProperty("os.name")
            + " "
            + System.getProperty("os.version")
            + " "
            + System.getProperty("os.arch"));
    facts.put(
        "java",
        System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
    return facts;
  }

  private static String firstValue(Path file, String key, String fallback) {
    try {
      for (String line : Files.readAllLines(file)) {
        int colon = line.indexOf(':');
        if (colon > 0 && line.substring(0, colon).trim().equals(key)) {
          return line.substring(colon + 1).trim();
        }
      }
    } catch (IOException e) {
      // not Linux
    }
    return fallback;
  }
}
