package org.neardup.spark.cluster;

import com.esotericsoftware.kryo.DefaultSerializer;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import java.io.Serializable;

/**
 * One line of the clusters output: the cluster (named by the id of its first-read member), the
 * member and its role, with the ordinals that order the lines as the CLI does (clusters by first
 * member, members in input order). Immutable and serializable.
 *
 * @param clusterOrdinal ordinal of the cluster's first-read member
 * @param memberOrdinal the member's ordinal
 * @param clusterId id of the first-read member
 * @param memberId the member's id
 * @param keep whether the member is the cluster's representative
 */
@DefaultSerializer(JavaSerializer.class)
public record ClusterMember(
    long clusterOrdinal, long memberOrdinal, String clusterId, String memberId, boolean keep)
    implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The CLI's line, without line break: {@code cluster<TAB>id<TAB>keep|duplicate}. */
  public String line() {
    return clusterId + '\t' + memberId + '\t' + (keep ? "keep" : "duplicate");
  }
}
