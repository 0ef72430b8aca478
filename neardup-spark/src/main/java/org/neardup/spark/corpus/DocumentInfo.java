package org.neardup.spark.corpus;

import com.esotericsoftware.kryo.DefaultSerializer;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import java.io.Serializable;

/**
 * What the output steps need of a document: ordinal (input order), id, and its place in the keep
 * order, which puts documents in the order of (keep input, keep key, ordinal), smallest first
 * ({@link SignedSplit#keepInput}, {@link SignedSplit#keepKey}). Immutable and serializable.
 *
 * @param ordinal the document's ordinal
 * @param id its id
 * @param keepInput its input under {@code --keep input,RULE}, else 0
 * @param keepKey its key in the keep order's rule ({@link org.neardup.cluster.KeepOrder#ruleKey})
 */
@DefaultSerializer(JavaSerializer.class)
public record DocumentInfo(long ordinal, String id, int keepInput, long keepKey)
    implements Serializable {
  private static final long serialVersionUID = 2L;

  /** Document {@code index} of {@code split}. */
  public static DocumentInfo of(SignedSplit split, int index) {
    return new DocumentInfo(
        split.ordinal(index), split.id(index), split.keepInput(index), split.keepKey(index));
  }

  /** Whether this document comes before {@code other} in the keep order. */
  public boolean keptBefore(DocumentInfo other) {
    if (keepInput != other.keepInput) {
      return keepInput < other.keepInput;
    }
    if (keepKey != other.keepKey) {
      return keepKey < other.keepKey;
    }
    return ordinal < other.ordinal;
  }
}
