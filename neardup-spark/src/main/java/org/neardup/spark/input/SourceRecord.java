package org.neardup.spark.input;

import java.io.Serializable;

/**
 * One record as read: its ordinal (input order), id, raw text and where it starts. Immutable and
 * serializable.
 *
 * @param ordinal see {@link Ordinals}
 * @param id the record's id
 * @param text its raw text
 * @param relativeLine 1-based line within its split (0 for Parquet rows)
 */
public record SourceRecord(long ordinal, String id, String text, long relativeLine)
    implements Serializable {
  private static final long serialVersionUID = 1L;
}
