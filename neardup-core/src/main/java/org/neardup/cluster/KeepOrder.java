package org.neardup.cluster;

import java.io.Serializable;
import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;

/**
 * The order in which a dedup walks the documents, keeping each one that is not a pair of one
 * already kept: the first document of a group in this order is the one kept. A rule within an input
 * ({@link KeepPolicy}: input order, longest or shortest text; or a numeric field, highest or lowest
 * first), optionally after an input priority (every document of an earlier input before any of a
 * later one, whatever the rule says). Ties always go to input order.
 *
 * <p>Written as {@code --keep} takes it ({@link #parse}, {@link #toString}): {@code first}, {@code
 * longest}, {@code shortest}, {@code field:NAME}, {@code field:NAME:desc} (the same: highest
 * first), {@code field:NAME:asc}, each optionally after {@code input,} ({@code input,field:score}).
 * Immutable and serializable.
 *
 * @param inputsFirst whether every document of an earlier input comes before any of a later one
 * @param policy the rule within an input when it is not a field: first, longest or shortest; null
 *     for a field
 * @param field the numeric field whose value orders the documents, or null for a {@code policy}
 * @param ascending for a field: lowest first (false: highest first, the default)
 * @since 0.1.0
 */
public record KeepOrder(boolean inputsFirst, KeepPolicy policy, String field, boolean ascending)
    implements Serializable {
  /** Input order: the document read first is kept. */
  public static final KeepOrder FIRST = of(KeepPolicy.FIRST);

  private static final String INPUT_PREFIX = "input,";
  private static final String FIELD_PREFIX = "field:";

  public KeepOrder {
    if ((policy == null) == (field == null)) {
      throw new IllegalArgumentException("a keep order has a policy or a field, exactly one");
    }
    if (field != null && field.isEmpty()) {
      throw new IllegalArgumentException("the keep field's name is empty");
    }
    if (policy != null && ascending) {
      throw new IllegalArgumentException("ascending is for a field, not for " + policy);
    }
  }

  /** What a document is ordered by. Implementations read arrays; they are called often. */
  public interface Keys {
    /** The input the document came from: inputs are numbered in the order they were read. */
    int input(int ordinal);

    /** The length of the document's raw text, for {@link KeepPolicy#LONGEST} and SHORTEST. */
    int textLength(int ordinal);

    /** The document's value of the {@linkplain #field() field}, finite. */
    double fieldValue(int ordinal);
  }

  /** The order {@code policy} gives, without input priority. */
  public static KeepOrder of(KeepPolicy policy) {
    return new KeepOrder(false, Objects.requireNonNull(policy, "policy"), null, false);
  }

  /** By the numeric {@code field}, highest first unless {@code ascending}. */
  public static KeepOrder byField(String field, boolean ascending) {
    return new KeepOrder(false, null, Objects.requireNonNull(field, "field"), ascending);
  }

  /** This order after the input priority: documents of earlier inputs first. */
  public KeepOrder withInputsFirst() {
    return new KeepOrder(true, policy, field, ascending);
  }

  /** Whether documents are ordered by a field's value (then every document must have one). */
  public boolean byField() {
    return field != null;
  }

  /** Whether this is plain input order (the default), which needs no keys at all. */
  public boolean isInputOrder() {
    return policy == KeepPolicy.FIRST;
  }

  /**
   * Reads a keep order as {@code --keep} takes it.
   *
   * @throws IllegalArgumentException naming what is wrong and what is accepted
   */
  public static KeepOrder parse(String text) {
    Objects.requireNonNull(text, "text");
    String rule = text.trim();
    boolean inputs = false;
    if (rule.toLowerCase(Locale.ROOT).startsWith(INPUT_PREFIX)) {
      inputs = true;
      rule = rule.substring(INPUT_PREFIX.length()).trim();
    }
    KeepOrder order;
    if (rule.toLowerCase(Locale.ROOT).startsWith(FIELD_PREFIX)) {
      String name = rule.substring(FIELD_PREFIX.length());
      boolean ascending = false;
      String lower = name.toLowerCase(Locale.ROOT);
      if (lower.endsWith(":asc")) {
        ascending = true;
        name = name.substring(0, name.length() - 4);
      } else if (lower.endsWith(":desc")) {
        name = name.substring(0, name.length() - 5);
      }
      if (name.isEmpty()) {
        throw new IllegalArgumentException(
            "keep order '" + text + "' names no field (expected field:NAME[:desc|asc])");
      }
      order = byField(name, ascending);
    } else {
      try {
        order = of(KeepPolicy.valueOf(rule.toUpperCase(Locale.ROOT)));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "unknown keep order '"
                + text
                + "' (expected first, longest, shortest or field:NAME[:desc|asc], optionally"
                + " after input,)");
      }
    }
    return inputs ? order.withInputsFirst() : order;
  }

  /** As {@code --keep} takes it: {@code parse(toString())} is this order. */
  @Override
  public String toString() {
    String rule =
        field != null
            ? FIELD_PREFIX + field + (ascending ? ":asc" : ":desc")
            : policy.name().toLowerCase(Locale.ROOT);
    return inputsFirst ? INPUT_PREFIX + rule : rule;
  }

  /**
   * The ordinals 0..documentCount-1 in this order: by input first when {@link #inputsFirst()}, then
   * by the rule, ties by ordinal (input order). O(n log n), with primitive arrays.
   *
   * @throws IllegalArgumentException when a text length is negative or a field value is not finite
   */
  public int[] order(int documentCount, Keys keys) {
    Objects.requireNonNull(keys, "keys");
    int[] order = new int[documentCount];
    if (policy == KeepPolicy.FIRST) {
      // input order: the inputs are read in order, so input priority changes nothing
      Arrays.setAll(order, i -> i);
      return order;
    }
    long[] ruleKeys = new long[documentCount];
    for (int i = 0; i < documentCount; i++) {
      ruleKeys[i] = ruleKey(keys, i);
    }
    long[] composite = ruleKeys;
    if (inputsFirst) {
      int[] ranks = ranks(ruleKeys);
      composite = new long[documentCount];
      for (int i = 0; i < documentCount; i++) {
        composite[i] = (long) keys.input(i) << 32 | ranks[i];
      }
    }
    int[] ranks = ranks(composite);
    long[] sortable = new long[documentCount];
    for (int i = 0; i < documentCount; i++) {
      sortable[i] = (long) ranks[i] << 32 | i;
    }
    Arrays.sort(sortable);
    for (int r = 0; r < documentCount; r++) {
      order[r] = (int) sortable[r];
    }
    return order;
  }

  /** A key that sorts ascending in this order's rule (ties left to the caller). */
  private long ruleKey(Keys keys, int ordinal) {
    return field != null
        ? ruleKey(0, keys.fieldValue(ordinal), ordinal)
        : ruleKey(keys.textLength(ordinal), Double.NaN, ordinal);
  }

  /**
   * A document's key in this order's rule, for engines that order documents themselves (the Spark
   * job): {@link #order} puts documents in the order of (their input when {@link #inputsFirst()},
   * this key, their ordinal), smallest first. 0 for input order.
   *
   * @param textLength the length of the document's raw text (read for longest and shortest)
   * @param fieldValue the document's value of the {@linkplain #field() field} (read for a field)
   * @throws IllegalArgumentException when a text length is negative or a field value is not finite
   */
  public long ruleKey(int textLength, double fieldValue) {
    return ruleKey(textLength, fieldValue, -1);
  }

  private long ruleKey(int textLength, double fieldValue, long ordinal) {
    if (field != null) {
      if (!Double.isFinite(fieldValue)) {
        throw new IllegalArgumentException(
            "document "
                + (ordinal >= 0 ? ordinal + " " : "")
                + "has no finite value of field '"
                + field
                + "': "
                + fieldValue);
      }
      long bits = Double.doubleToLongBits(fieldValue + 0.0); // -0.0 and 0.0 are one value
      long ascendingBits = bits ^ ((bits >> 63) & Long.MAX_VALUE); // signed order = numeric order
      return ascending ? ascendingBits : ~ascendingBits;
    }
    if (textLength < 0) {
      throw new IllegalArgumentException(
          "text length of document "
              + (ordinal >= 0 ? ordinal + " " : "")
              + "is negative: "
              + textLength);
    }
    return switch (policy) {
      case FIRST -> 0;
      case LONGEST -> -(long) textLength;
      case SHORTEST -> textLength;
    };
  }

  /** Each key's rank among the distinct keys, ascending: 0 for the smallest. */
  private static int[] ranks(long[] keys) {
    long[] distinct = keys.clone();
    Arrays.sort(distinct);
    int size = 0;
    for (int i = 0; i < distinct.length; i++) {
      if (i == 0 || distinct[i] != distinct[size - 1]) {
        distinct[size++] = distinct[i];
      }
    }
    int[] ranks = new int[keys.length];
    for (int i = 0; i < keys.length; i++) {
      ranks[i] = Arrays.binarySearch(distinct, 0, size, keys[i]);
    }
    return ranks;
  }
}
