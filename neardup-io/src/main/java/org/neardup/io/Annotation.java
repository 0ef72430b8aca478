package org.neardup.io;

import java.util.Objects;

/**
 * The two fields {@code dedup --annotate} adds to a record: the id of the kept record it duplicates
 * and their similarity, both empty for a kept record. Each format writes them its own way ({@link
 * InputFormat#copyAnnotated}): as the last two columns of TSV, LINES and CSV, as two fields of a
 * JSON Lines object, and in a list beside a directory's files.
 *
 * @param duplicateOf the kept record's id; empty for a kept record
 * @param similarity the similarity as written (e.g. {@code 0.923077}); empty for a kept record
 */
public record Annotation(String duplicateOf, String similarity) {
  /** The name of the kept record's id: a CSV column, a JSON field. */
  public static final String DUPLICATE_OF = "duplicate_of";

  /** The name of the similarity: a CSV column, a JSON field. */
  public static final String SIMILARITY = "similarity";

  /** A kept record's: both fields empty. */
  public static final Annotation KEPT = new Annotation("", "");

  public Annotation {
    Objects.requireNonNull(duplicateOf, "duplicateOf");
    Objects.requireNonNull(similarity, "similarity");
  }

  /** Whether this is a kept record's (no duplicate). */
  public boolean isKept() {
    return duplicateOf.isEmpty();
  }

  /** The fields as a JSON object's members, {@code null} for a kept record's. */
  String jsonMembers() {
    if (isKept()) {
      return "\"" + DUPLICATE_OF + "\":null,\"" + SIMILARITY + "\":null";
    }
    return "\""
        + DUPLICATE_OF
        + "\":"
        + jsonString(duplicateOf)
        + ",\""
        + SIMILARITY
        + "\":"
        + similarity;
  }

  /** The fields as two CSV fields after {@code delimiter}, quoted as RFC 4180 needs. */
  String csvFields(char delimiter) {
    return delimiter
        + csvField(duplicateOf, delimiter)
        + delimiter
        + csvField(similarity, delimiter);
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
