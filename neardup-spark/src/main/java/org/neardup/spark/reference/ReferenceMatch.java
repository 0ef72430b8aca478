package org.neardup.spark.reference;

import com.esotericsoftware.kryo.DefaultSerializer;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import java.io.Serializable;

/**
 * A pair of one of the run's documents with a reference document, at the threshold or above.
 * Immutable and serializable.
 *
 * @param ordinal the run's document's ordinal
 * @param id the run's document's id
 * @param referenceId the reference document's id
 * @param similarity their similarity (exact, or the signature estimate with {@code --estimate})
 */
@DefaultSerializer(JavaSerializer.class)
public record ReferenceMatch(long ordinal, String id, String referenceId, double similarity)
    implements Serializable {
  private static final long serialVersionUID = 1L;

  /**
   * Whether it is a better witness than {@code other} for the same document, as the CLI's kept set
   * chooses among references: more similar, then the smaller reference id.
   */
  public boolean beats(ReferenceMatch other) {
    if (similarity != other.similarity) {
      return similarity > other.similarity;
    }
    return referenceId.compareTo(other.referenceId) < 0;
  }
}
