package org.neardup.cli.tune;

import java.util.HashSet;
import java.util.Set;
import org.neardup.shingle.ShingleConfig;
import org.neardup.shingle.ShingleUnit;

/**
 * Shingle sets as plain strings, without hashing: the slow, obviously-right reference the demo uses
 * for its planted truth. Same rules as the {@link org.neardup.shingle.Shingler}.
 */
public final class StringShingles {
  private StringShingles() {}

  public static Set<String> of(String normalized, ShingleConfig config) {
    Set<String> shingles = new HashSet<>();
    int k = config.size();
    if (config.unit() == ShingleUnit.CHAR) {
      if (normalized.isEmpty()) return shingles;
      if (normalized.length() <= k) {
        shingles.add(normalized);
        return shingles;
      }
      for (int i = 0; i + k <= normalized.length(); i++) {
        shingles.add(normalized.substring(i, i + k));
      }
      return shingles;
    }
    if (config.unit() == ShingleUnit.WORD) {
      shingles.addAll(
          new org.neardup.shingle.Shingler(config)
              .shingleTexts(normalized)); // segmentation is ICU's
      return shingles;
    }
    String[] words = normalized.trim().split("\\s+");
    if (words.length == 1 && words[0].isEmpty()) return shingles;
    if (words.length <= k) {
      shingles.add(String.join(" ", words));
      return shingles;
    }
    for (int i = 0; i + k <= words.length; i++) {
      shingles.add(String.join(" ", java.util.Arrays.copyOfRange(words, i, i + k)));
    }
    return shingles;
  }

  public static double jaccard(Set<String> a, Set<String> b) {
    if (a.isEmpty() && b.isEmpty()) return 1;
    int common = 0;
    for (String s : a) {
      if (b.contains(s)) common++;
    }
    return (double) common / (a.size() + b.size() - common);
  }
}
