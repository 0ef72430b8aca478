package org.neardup.spark.output;

import com.esotericsoftware.kryo.DefaultSerializer;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import java.io.Serializable;
import org.neardup.options.Formats;

/**
 * One line of the pairs output: ids in String order and the similarity. Ordered as the CLI sorts
 * its lines (by first id, then second id). Immutable and serializable.
 *
 * @param first the smaller id in {@link String#compareTo} order
 * @param second the larger id
 * @param similarity exact Jaccard (or the signature estimate)
 */
@DefaultSerializer(JavaSerializer.class)
public record PairLine(String first, String second, double similarity)
    implements Serializable, Comparable<PairLine> {
  private static final long serialVersionUID = 1L;

  /** The line of two ids in any order. */
  public static PairLine of(String a, String b, double similarity) {
    return a.compareTo(b) < 0 ? new PairLine(a, b, similarity) : new PairLine(b, a, similarity);
  }

  /** The CLI's line, without line break: {@code idA<TAB>idB<TAB>similarity} (6 decimals). */
  public String line() {
    return first + '\t' + second + '\t' + Formats.similarity(similarity);
  }

  @Override
  public int compareTo(PairLine other) {
    int c = first.compareTo(other.first);
    return c != 0 ? c : second.compareTo(other.second);
  }
}
