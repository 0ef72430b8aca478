package org.neardup.spark.corpus;

import java.io.Serializable;
import java.util.EnumMap;
import java.util.Map;
import org.neardup.input.InputProblem;
import org.neardup.spark.input.InputIssue;

/**
 * Counts of a read, merged across tasks: documents, empty and short documents, issues by problem,
 * and the first issue and first unskippable issue in input order. Mutable; one per task, then
 * merged on the driver (Spark's {@code aggregate}).
 */
public final class ReadTally implements Serializable {
  private static final long serialVersionUID = 1L;

  public long documents;
  public long emptyDocuments;
  public long shortDocuments;
  public final Map<InputProblem, Long> issues = new EnumMap<>(InputProblem.class);
  public InputIssue firstIssue;
  public InputIssue firstFatal;

  /** Counts one item. */
  public ReadTally add(CorpusItem item) {
    if (item.document() != null) {
      documents++;
      if (item.isShort()) {
        shortDocuments++;
      }
    } else if (item.issue() != null) {
      InputIssue issue = item.issue();
      if (issue.problem() == null) {
        firstFatal = first(firstFatal, issue);
      } else {
        issues.merge(InputProblem.valueOf(issue.problem()), 1L, Long::sum);
      }
      firstIssue = first(firstIssue, issue);
    } else {
      emptyDocuments++;
    }
    return this;
  }

  /** Adds the counts of {@code other}. */
  public ReadTally merge(ReadTally other) {
    documents += other.documents;
    emptyDocuments += other.emptyDocuments;
    shortDocuments += other.shortDocuments;
    other.issues.forEach((problem, count) -> issues.merge(problem, count, Long::sum));
    firstIssue = first(firstIssue, other.firstIssue);
    firstFatal = first(firstFatal, other.firstFatal);
    return this;
  }

  private static InputIssue first(InputIssue a, InputIssue b) {
    if (a == null) {
      return b;
    }
    return b == null || a.order() <= b.order() ? a : b;
  }
}
