package org.neardup.input;

import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Applies the {@link OnError} policy to bad records: under {@link OnError#FAIL} (or for a problem
 * that cannot be skipped) it throws; under {@link OnError#SKIP} it counts the record by kind and
 * tells an optional listener where it was. Thread-safe.
 */
public final class InputProblems {
  private final OnError onError;
  private final Consumer<InputException> onSkipped;
  private final Map<InputProblem, Long> skipped = new EnumMap<>(InputProblem.class);

  public InputProblems(OnError onError) {
    this(onError, e -> {});
  }

  /**
   * @param onSkipped told of every bad record skipped by {@link #report} (its exception names file,
   *     line and problem), in report order, while this object's lock is held: keep it short
   */
  public InputProblems(OnError onError, Consumer<InputException> onSkipped) {
    this.onError = Objects.requireNonNull(onError, "onError");
    this.onSkipped = Objects.requireNonNull(onSkipped, "onSkipped");
  }

  public OnError onError() {
    return onError;
  }

  /**
   * Reports a bad record. Returns normally (the caller skips the record) only when the policy is
   * {@link OnError#SKIP} and the problem is skippable.
   *
   * @throws InputException {@code e} itself, otherwise
   */
  public synchronized void report(InputException e) {
    if (onError == OnError.FAIL || e.problem() == null) {
      throw e;
    }
    skipped.merge(e.problem(), 1L, Long::sum);
    onSkipped.accept(e);
  }

  /**
   * Applies {@link DocumentId}'s and {@link DocumentText}'s rules to a record read from a file:
   * returns true when it follows them, else reports it ({@link InputProblem#INVALID_ID} or {@link
   * InputProblem#INVALID_TEXT}, naming its source and line) and returns false (the caller skips
   * it).
   *
   * @throws InputException for a record that breaks a rule, unless the policy skips it
   */
  public boolean admit(Document document) {
    Optional<InputException> problem =
        DocumentId.problem(
            document.id(), document.source(), document.line(), document.recordIndex());
    if (problem.isEmpty()) {
      problem =
          DocumentText.problem(
              document.text(), document.source(), document.line(), document.recordIndex());
    }
    if (problem.isEmpty()) {
      return true;
    }
    report(problem.get());
    return false;
  }

  /**
   * Counts a record that is always skipped, whatever the policy: one that is well-formed but has
   * nothing to compare (an empty document).
   */
  public synchronized void skip(InputProblem problem) {
    skipped.merge(problem, 1L, Long::sum);
  }

  /** Skipped records by kind, in declaration order of {@link InputProblem}. */
  public synchronized Map<InputProblem, Long> skipped() {
    return new EnumMap<>(skipped);
  }

  /** Total number of skipped records. */
  public synchronized long totalSkipped() {
    return skipped.values().stream().mapToLong(Long::longValue).sum();
  }
}
