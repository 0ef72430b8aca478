package org.neardup.spark.verify;

import com.esotericsoftware.kryo.DefaultSerializer;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import java.io.Serializable;
import org.neardup.spark.corpus.DocumentInfo;

/**
 * A candidate pair of distinct texts confirmed by the {@link org.neardup.verify.Verifier}: both
 * documents (smaller ordinal first) and their similarity. Immutable and serializable.
 */
@DefaultSerializer(JavaSerializer.class)
public record VerifiedPair(DocumentInfo first, DocumentInfo second, double similarity)
    implements Serializable {
  private static final long serialVersionUID = 1L;
}
