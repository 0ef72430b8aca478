package org.neardup.spark.input;

import com.esotericsoftware.kryo.DefaultSerializer;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import java.io.Serializable;

/**
 * One record as read: its ordinal (input order), id, raw text, where it starts, and what a keep
 * order reads of it. Immutable and serializable.
 *
 * @param ordinal see {@link Ordinals}
 * @param id the record's id
 * @param text its raw text
 * @param relativeLine 1-based line within its split (0 for Parquet rows)
 * @param input the input it came from ({@link InputSpec#input()}, or a frame's input column)
 * @param keepValue its number of the keep field ({@code --keep field:NAME}), finite; NaN when the
 *     run keeps by no field
 */
@DefaultSerializer(JavaSerializer.class)
public record SourceRecord(
    long ordinal, String id, String text, long relativeLine, int input, double keepValue)
    implements Serializable {
  private static final long serialVersionUID = 1L;
}
