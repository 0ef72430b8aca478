package org.neardup.spark.corpus;

import com.esotericsoftware.kryo.DefaultSerializer;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import java.io.Serializable;
import java.util.EnumMap;
import java.util.Map;
import org.neardup.input.InputProblem;
import org.neardup.spark.input.InputIssue;

/**
 * Counts of a read, merged across tasks: documents, empty and short documents, issues by problem,
 * text size, and the first issue and first unskippable issue in input order. Mutable; one per
 * split, then merged on the driver.
 */
@DefaultSerializer(JavaSerializer.class)
public final class ReadTally implements Serializable {
  private static final long serialVersionUID = 1L;

  public long documents;
  public long emptyDocuments;
  public long shortDocuments;

  /** Chars of the signed documents' raw texts: what sizes the shuffles. */
  public long textChars;

  public final Map<InputProblem, Long> issues = new EnumMap<>(InputProblem.class);
  public InputIssue firstIssue;
  public InputIssue firstFatal;

  /** Counts a signed document of {@code chars} raw chars. */
  public ReadTally document(boolean isShort, int chars) {
    documents++;
    textChars += chars;
    if (isShort) {
      shortDocuments++;
    }
    return this;
  }

  /** Counts a document that is empty after normalization. */
  public ReadTally emptyDocument() {
    emptyDocuments++;
    return this;
  }

  /** Counts a bad record, or a read failure (an issue without a problem). */
  public ReadTally issue(InputIssue issue) {
    if (issue.problem() == null) {
      firstFatal = first(firstFatal, issue);
    } else {
      issues.merge(InputProblem.valueOf(issue.problem()), 1L, Long::sum);
    }
    firstIssue = first(firstIssue, issue);
    return this;
  }

  /** Adds the counts of {@code other}. */
  public ReadTally merge(ReadTally other) {
    documents += other.documents;
    emptyDocuments += other.emptyDocuments;
    shortDocuments += other.shortDocuments;
    textChars += other.textChars;
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
