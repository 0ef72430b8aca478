package org.neardup.spark.input;

import com.esotericsoftware.kryo.DefaultSerializer;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import java.io.Serializable;

/**
 * What reading a split yields, in order: a record, or an issue (a bad record, or an input that
 * could not be read further). Exactly one of the two is set. Immutable and serializable.
 */
@DefaultSerializer(JavaSerializer.class)
public record ReadItem(SourceRecord record, InputIssue issue) implements Serializable {
  private static final long serialVersionUID = 1L;

  public static ReadItem of(SourceRecord record) {
    return new ReadItem(record, null);
  }

  public static ReadItem of(InputIssue issue) {
    return new ReadItem(null, issue);
  }
}
