package org.neardup.bench.contender;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;

/** Wall time of a contender's stages, in the order they ran. Not thread-safe. */
public final class Phases {
  private final Map<String, Double> seconds = new LinkedHashMap<>();

  /** Runs {@code stage}, adds its wall time to phase {@code name}, returns its result. */
  public <T> T time(String name, Callable<T> stage) throws Exception {
    long started = System.nanoTime();
    try {
      return stage.call();
    } finally {
      seconds.merge(name, (System.nanoTime() - started) / 1e9, Double::sum);
    }
  }

  /** Seconds by phase name, in the order the phases first ran. */
  public Map<String, Double> seconds() {
    return Collections.unmodifiableMap(new LinkedHashMap<>(seconds));
  }
}
