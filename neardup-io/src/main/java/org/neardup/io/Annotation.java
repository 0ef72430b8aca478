package org.neardup.io;

import java.util.List;
import java.util.Objects;

/**
 * The three fields {@code dedup --annotate} adds to a record: the id of the kept record it
 * duplicates and their similarity, both empty for a kept record; and for a kept record how many
 * records it stands for, itself included ({@code cluster_size}), empty for a removed one. Each
 * format writes them its own way ({@link InputFormat#copyAnnotated}): as the last three columns of
 * TSV, LINES and CSV, as three fields of a JSON Lines object, and in a list beside a directory's
 * files.
 *
 * @param duplicateOf the kept record's id; empty for a kept record
 * @param similarity the similarity as written (e.g. {@code 0.923077}); empty for a kept record
 * @param clusterSize a kept record's cluster size as written (e.g. {@code 3}); empty for a removed
 *     record
 */
public record Annotation(String duplicateOf, String similarity, String clusterSize) {
  /** The name of the kept record's id: a CSV column, a JSON field. */
  public static final String DUPLICATE_OF = "duplicate_of";

  /** The name of the similarity: a CSV column, a JSON field. */
  public static final String SIMILARITY = "similarity";

  /** The name of the cluster size: a CSV column, a JSON field. */
  public static final String CLUSTER_SIZE = "cluster_size";

  /** The names of the fields, in the order they are added. */
  public static final List<String> NAMES = List.of(DUPLICATE_OF, SIMILARITY, CLUSTER_SIZE);

  /** A kept record's that stands for itself alone: cluster size 1. */
  public static final Annotation KEPT = kept(1);

  public Annotation {
    Objects.requireNonNull(duplicateOf, "duplicateOf");
    Objects.requireNonNull(similarity, "similarity");
    Objects.requireNonNull(clusterSize, "clusterSize");
    if (duplicateOf.isEmpty() == clusterSize.isEmpty()) {
      throw new IllegalArgumentException(
          "an annotation names a kept record (a removed record's) or a cluster size (a kept"
              + " record's), exactly one");
    }
  }

  /** A removed record's: the kept record it duplicates and their similarity. */
  public Annotation(String duplicateOf, String similarity) {
    this(duplicateOf, similarity, "");
  }

  /** A kept record's that stands for {@code clusterSize} records, itself included. */
  public static Annotation kept(int clusterSize) {
    if (clusterSize < 1) {
      throw new IllegalArgumentException("a cluster size is at least 1, got " + clusterSize);
    }
    return new Annotation("", "", Integer.toString(clusterSize));
  }

  /** Whether this is a kept record's (no duplicate). */
  public boolean isKept() {
    return duplicateOf.isEmpty();
  }

  /** The fields as a JSON object's members, {@code null} where empty. */
  String jsonMembers() {
    return "\""
        + DUPLICATE_OF
        + "\":"
        + (isKept() ? "null" : jsonString(duplicateOf))
        + ",\""
        + SIMILARITY
        + "\":"
        + (similarity.isEmpty() ? "null" : similarity)
        + ",\""
        + CLUSTER_SIZE
        + "\":"
        + (isKept() ? clusterSize : "null");
  }

  /** The fields as three columns, each after a tab. */
  String tabFields() {
    return "\t" + duplicateOf + "\t" + similarity + "\t" + clusterSize;
  }

  /** The fields as three CSV fields, each after {@code delimiter}, quoted as RFC 4180 needs. */
  String csvFields(char delimiter) {
    return delimiter
        + csvField(duplicateOf, delimiter)
        + delimiter
        + csvField(similarity, delimiter)
        + delimiter
        + clusterSize;
  }

  /** The names of the fields as three CSV header fields, each after {@code delimiter}. */
  static String csvHeader(char delimiter) {
    StringBuilder b = new StringBuilder();
    NAMES.forEach(name -> b.append(delimiter).append(csvField(name, delimiter)));
    return b.toString();
  }

  static String csvField(String value, char delimiter) {
    boolean quote =
        value.indexOf(delimiter) >= 0
            || value.indexOf('"') >= 0
            || value.indexOf('\n') >= 0
            || value.indexOf('\r') >= 0;
    return quote ? "\"" + value.replace("\"", "\"\"") + "\"" : value;
  }

  static String jsonString(String value) {
    StringBuilder b = new StringBuilder(value.length() + 2).append('"');
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        default -> {
          if (c < 0x20) {
            b.append(String.format("\\u%04x", (int) c));
          } else {
            b.append(c);
          }
        }
      }
    }
    return b.append('"').toString();
  }
}
