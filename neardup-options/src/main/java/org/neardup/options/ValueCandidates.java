package org.neardup.options;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.neardup.io.InputFormat;

/**
 * The values of the options that take one of a few words, for the completion script ({@code
 * completionCandidates}) and the help's {@code ${COMPLETION-CANDIDATES}}. Stateless.
 */
public final class ValueCandidates {
  private ValueCandidates() {}

  /** {@code --format}: auto and every input format. */
  public static final class Formats implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      List<String> names = new ArrayList<>();
      names.add("auto");
      InputFormat.ALL.forEach(format -> names.add(format.name()));
      return names.iterator();
    }
  }

  /** {@code --shingle}: the three units at the k worth trying first (any k is accepted). */
  public static final class Shingles implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return List.of("char:5", "char:9", "word:3", "word:5", "whitespace-word:5").iterator();
    }
  }

  /** {@code --scheme}. */
  public static final class Schemes implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return List.of("one-permutation", "classic").iterator();
    }
  }

  /** {@code --on-error}. */
  public static final class OnErrors implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return List.of("fail", "skip").iterator();
    }
  }

  /** {@code --html}. */
  public static final class HtmlModes implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return List.of("visible", "main", "off").iterator();
    }
  }

  /** {@code --delimiter}: tab and the usual characters (any one character is accepted). */
  public static final class Delimiters implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return List.of("tab", ",", ";", "|").iterator();
    }
  }

  /** {@code --measure}. */
  public static final class Measures implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return List.of("jaccard", "containment").iterator();
    }
  }

  /** {@code --keep}: the orders without a field (field:NAME names one of the input's). */
  public static final class KeepPolicies implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return List.of("first", "longest", "shortest", "input,first", "input,longest").iterator();
    }
  }
}
