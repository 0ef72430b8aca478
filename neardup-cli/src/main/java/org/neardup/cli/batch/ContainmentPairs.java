package org.neardup.cli.batch;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.neardup.batch.corpus.Corpus;
import org.neardup.options.Formats;
import org.neardup.verify.ContainmentPair;

/**
 * The output of {@code pairs --measure containment}: one {@code
 * idA<TAB>idB<TAB>containment<TAB>direction} line a pair, idA &lt; idB in String order, containment
 * the larger of C(A in B) and C(B in A) with 6 decimals, direction {@code a-in-b} (A lies in B),
 * {@code b-in-a}, or {@code both} (each holds at least the threshold of the other); sorted by idA,
 * then idB.
 */
final class ContainmentPairs {
  private ContainmentPairs() {}

  static void write(Corpus corpus, List<ContainmentPair> pairs, double threshold, Writer out)
      throws IOException {
    List<String[]> lines = new ArrayList<>(pairs.size());
    for (ContainmentPair pair : pairs) {
      String first = corpus.id(pair.first());
      String second = corpus.id(pair.second());
      boolean inOrder = first.compareTo(second) < 0;
      String direction =
          switch (pair.direction(threshold)) {
            case BOTH -> "both";
            case FIRST_IN_SECOND -> inOrder ? "a-in-b" : "b-in-a";
            case SECOND_IN_FIRST -> inOrder ? "b-in-a" : "a-in-b";
          };
      String containment = Formats.similarity(pair.containment());
      lines.add(
          inOrder
              ? new String[] {first, second, containment, direction}
              : new String[] {second, first, containment, direction});
    }
    lines.sort(Comparator.<String[], String>comparing(l -> l[0]).thenComparing(l -> l[1]));
    for (String[] line : lines) {
      out.write(String.join("\t", line));
      out.write('\n');
    }
  }
}
