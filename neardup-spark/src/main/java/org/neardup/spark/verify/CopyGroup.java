package org.neardup.spark.verify;

import com.esotericsoftware.kryo.DefaultSerializer;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import java.io.Serializable;
import java.util.List;
import org.neardup.spark.corpus.DocumentInfo;

/**
 * A text with exact copies: its first-read copy and the later ones, in input order. Immutable and
 * serializable.
 */
@DefaultSerializer(JavaSerializer.class)
public record CopyGroup(DocumentInfo original, List<DocumentInfo> copies) implements Serializable {
  private static final long serialVersionUID = 1L;

  public CopyGroup {
    copies = List.copyOf(copies);
  }
}
