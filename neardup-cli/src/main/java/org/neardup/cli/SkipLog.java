package org.neardup.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.neardup.input.InputException;
import org.neardup.input.InputProblem;
import org.neardup.input.InputProblems;
import org.neardup.input.OnError;
import org.neardup.options.Formats;

/**
 * Says on stderr which records {@code --on-error skip} skipped and where: the first {@link #SHOWN}
 * as {@code neardup: skipped FILE:LINE: problem}, then how many more, then a count by kind; with
 * {@code --verbose}, every one as it is skipped. Thread-safe (records arrive under the lock of the
 * {@link InputProblems} it listens to). Keeps the record index of each skipped record ({@link
 * #rejected()}), so that {@code dedup} can set them aside.
 */
public final class SkipLog implements Consumer<InputException> {
  /** Skipped records listed without --verbose. */
  public static final int SHOWN = 5;

  private final boolean verbose;
  private final PrintWriter err;
  private final List<String> first = new ArrayList<>();
  private final Map<String, Set<Long>> rejected = new HashMap<>();
  private long more;

  public SkipLog(boolean verbose, PrintWriter err) {
    this.verbose = verbose;
    this.err = err;
  }

  /** An {@link InputProblems} with {@code policy} that reports its skipped records to this log. */
  public InputProblems problems(OnError policy) {
    return new InputProblems(policy, this);
  }

  @Override
  public synchronized void accept(InputException e) {
    if (e.recordIndex() >= 0) {
      rejected.computeIfAbsent(e.source(), s -> new HashSet<>()).add(e.recordIndex());
    }
    if (verbose) {
      err.println("neardup: skipped " + e.getMessage());
      err.flush();
    } else if (first.size() < SHOWN) {
      first.add(e.getMessage());
    } else {
      more++;
    }
  }

  /**
   * The record indexes of the records skipped as bad, by the source their problem names (the input
   * as the user named it; for a directory input, the file).
   */
  public synchronized Map<String, Set<Long>> rejected() {
    Map<String, Set<Long>> copy = new HashMap<>();
    rejected.forEach((source, indexes) -> copy.put(source, Set.copyOf(indexes)));
    return copy;
  }

  /**
   * The skipped records not yet listed, then the count of each kind (including empty documents).
   */
  public synchronized void print(InputProblems problems) {
    for (String message : first) {
      err.println("neardup: skipped " + message);
    }
    if (more > 0) {
      err.printf(Locale.ROOT, "neardup: ... and %d more (use --verbose to list all)%n", more);
    }
    first.clear();
    more = 0;
    for (Map.Entry<InputProblem, Long> skipped : problems.skipped().entrySet()) {
      err.printf(
          Locale.ROOT,
          "neardup: skipped %s: %s%n",
          Formats.count(skipped.getValue(), "record"),
          skipped.getKey().description());
    }
    err.flush();
  }
}
