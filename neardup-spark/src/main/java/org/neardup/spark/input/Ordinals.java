package org.neardup.spark.input;

/**
 * Record ordinals: a long that orders records as the CLI reads them (inputs in order, then records
 * in order), without counting them first. The high 31 bits hold the {@link InputSplit#index()}, the
 * low 32 bits the record's index within its split. Ordinals are unique and increase in input order,
 * but are not dense. Stateless.
 */
public final class Ordinals {
  /** Records one split may hold. */
  public static final long MAX_RECORDS_PER_SPLIT = 1L << 32;

  private Ordinals() {}

  /**
   * The ordinal of record {@code recordIndex} of split {@code splitIndex}.
   *
   * @throws IllegalStateException when the split holds more than 2^32 records
   */
  public static long of(int splitIndex, long recordIndex) {
    if (recordIndex < 0 || recordIndex >= MAX_RECORDS_PER_SPLIT) {
      throw new IllegalStateException("split " + splitIndex + " holds more than 2^32 records");
    }
    return ((long) splitIndex << 32) | recordIndex;
  }

  /** The split of an ordinal. */
  public static int split(long ordinal) {
    return (int) (ordinal >>> 32);
  }

  /** The record index within its split of an ordinal. */
  public static long recordIndex(long ordinal) {
    return ordinal & 0xFFFFFFFFL;
  }
}
