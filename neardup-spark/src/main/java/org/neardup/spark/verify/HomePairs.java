package org.neardup.spark.verify;

import com.esotericsoftware.kryo.DefaultSerializer;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import java.io.Serializable;
import java.util.List;

/**
 * What verification leaves at one home (corpus partition): the verified pairs whose first document
 * lives there, the copy groups whose original lives there, and the counts that reached it.
 * Immutable and serializable.
 */
@DefaultSerializer(JavaSerializer.class)
public record HomePairs(List<VerifiedPair> pairs, List<CopyGroup> copyGroups, PairCounts counts)
    implements Serializable {
  private static final long serialVersionUID = 1L;

  public HomePairs {
    pairs = List.copyOf(pairs);
    copyGroups = List.copyOf(copyGroups);
  }
}
