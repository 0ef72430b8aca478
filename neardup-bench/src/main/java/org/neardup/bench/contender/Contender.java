package org.neardup.bench.contender;

import java.util.List;

/**
 * One system under test in the end-to-end benchmark. It runs alone in a fresh JVM (so that its peak
 * memory is its own), reads the corpus itself and returns the pairs it reports. To add a contender,
 * write one implementation and list it in {@link Contenders}.
 */
public interface Contender {
  /** Stable short name, used on the command line and in the results, e.g. {@code neardup-lsh}. */
  String name();

  /** One line saying what runs, with the settings that matter. */
  String description();

  /**
   * Why this contender does not run on a corpus of {@code documents} documents, or null when it
   * does. Used for slow contenders (brute force, Spark's join) on large corpora.
   */
  default String skipReason(BenchSettings settings, int documents) {
    return null;
  }

  /** JVM options its child process needs, beyond the harness's own. */
  default List<String> jvmOptions() {
    return List.of();
  }

  /**
   * Whether it looks for pairs at all: a baseline that only reads and hashes does not, and has no
   * candidates, recall or precision to report.
   */
  default boolean findsPairs() {
    return true;
  }

  /** Whether its child process needs Spark's jars on the class path. */
  default boolean needsSpark() {
    return false;
  }

  /**
   * Finds the pairs with similarity at least {@code settings.threshold()} in the corpus file. Runs
   * in the child process; time the stages with {@code phases}.
   */
  ContenderOutcome run(BenchSettings settings, Phases phases) throws Exception;
}
