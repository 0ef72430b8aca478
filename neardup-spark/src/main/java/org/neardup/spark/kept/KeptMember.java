package org.neardup.spark.kept;

import com.esotericsoftware.kryo.DefaultSerializer;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import java.io.Serializable;
import org.neardup.options.Formats;

/**
 * One line of the kept-set clusters output: a group is a kept document and the removed documents
 * whose match it is. Carries the ordinals that order the lines as the CLI does (groups in input
 * order of their kept document, the kept line first, then the removed ones in input order).
 * Immutable and serializable.
 *
 * @param keptOrdinal ordinal of the group's kept document; negative for a group headed by a
 *     reference document ({@code --against}): its place among them, in the order of their ids
 * @param memberOrdinal the member's ordinal
 * @param keptId id of the kept document: the group's name
 * @param memberId the member's id
 * @param keep whether the member is the kept document
 * @param similarity exact similarity of the member to the kept document (1 for the kept one)
 */
@DefaultSerializer(JavaSerializer.class)
public record KeptMember(
    long keptOrdinal,
    long memberOrdinal,
    String keptId,
    String memberId,
    boolean keep,
    double similarity)
    implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The kept document's own line of its group. */
  static KeptMember kept(long ordinal, String id) {
    return new KeptMember(ordinal, ordinal, id, id, true, 1.0);
  }

  /** Where the line goes within its group: the kept line before all others. */
  public long orderInGroup() {
    return keep ? -1 : memberOrdinal;
  }

  /**
   * The role column: {@code keep}, {@code reference} (a reference's own line) or {@code duplicate}.
   */
  public String role() {
    if (!keep) {
      return "duplicate";
    }
    return keptOrdinal < 0 ? "reference" : "keep";
  }

  /** The CLI's line, without line break: {@code cluster<TAB>id<TAB>role<TAB>similarity}. */
  public String line() {
    return keptId + '\t' + memberId + '\t' + role() + '\t' + Formats.similarity(similarity);
  }
}
