package org.neardup.cli.tune;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.neardup.shingle.Shingler;
import org.neardup.sketch.DocumentSketcher;
import org.neardup.sketch.SketchParams;

/** Shingles as text, a few of each kind, for {@code explain} and {@code tune}. */
final class ShingleLines {
  /** Shingles shown a line. */
  static final int SHOWN = 6;

  /** Characters of a shingle shown; a longer one is cut, with "...". */
  static final int LONGEST = 60;

  private ShingleLines() {}

  /** The distinct shingles of {@code rawText} as text, in text order. */
  static List<String> of(SketchParams params, String rawText) {
    String normalized = DocumentSketcher.create(params).normalize(rawText == null ? "" : rawText);
    return new ArrayList<>(
        new LinkedHashSet<>(new Shingler(params.shingle()).shingleTexts(normalized)));
  }

  /** The first shingles of A and of B, and the first ones only A and only B have. */
  static void printPair(PrintWriter out, SketchParams params, String rawA, String rawB) {
    List<String> a = of(params, rawA);
    List<String> b = of(params, rawB);
    line(out, "  shingles of A", a);
    line(out, "  shingles of B", b);
    Set<String> inB = Set.copyOf(b);
    Set<String> inA = Set.copyOf(a);
    line(out, "  only in A", a.stream().filter(s -> !inB.contains(s)).toList());
    line(out, "  only in B", b.stream().filter(s -> !inA.contains(s)).toList());
  }

  /** {@code label: [s1] [s2] ... (N more)}, at most {@link #SHOWN} shingles. */
  static void line(PrintWriter out, String label, List<String> shingles) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < Math.min(SHOWN, shingles.size()); i++) {
      String shingle = shingles.get(i);
      if (shingle.codePointCount(0, shingle.length()) > LONGEST) {
        shingle = shingle.substring(0, shingle.offsetByCodePoints(0, LONGEST)) + "...";
      }
      sb.append(i == 0 ? "" : " ").append('[').append(shingle).append(']');
    }
    if (shingles.size() > SHOWN) {
      sb.append(String.format(Locale.ROOT, " ... (%d more)", shingles.size() - SHOWN));
    }
    out.printf(Locale.ROOT, "%-19s %s%n", label, shingles.isEmpty() ? "(none)" : sb);
  }
}
