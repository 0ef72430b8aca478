package org.neardup.spark.output;

import com.esotericsoftware.kryo.DefaultSerializer;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import java.io.Serializable;
import org.neardup.options.Formats;

/**
 * A removed record for the dedup outputs: its ordinal and id, and the kept record it duplicates
 * with their similarity (both null when not known: connected components). Immutable and
 * serializable.
 *
 * @param ordinal the removed record's ordinal
 * @param id the removed record's id
 * @param keptOrdinal the kept record's ordinal, for its cluster size; -1 when not known
 * @param keptId the id of the kept record it duplicates, or null
 * @param similarity their exact similarity, or null
 */
@DefaultSerializer(JavaSerializer.class)
public record Removal(long ordinal, String id, long keptOrdinal, String keptId, Double similarity)
    implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The similarity as the CLI writes it (6 decimals), or null. */
  public String formattedSimilarity() {
    return similarity == null ? null : Formats.similarity(similarity);
  }
}
