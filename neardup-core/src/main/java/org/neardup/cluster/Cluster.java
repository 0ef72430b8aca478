package org.neardup.cluster;

/**
 * A group of two or more documents connected by confirmed pairs, by ordinal.
 *
 * @param members the members' ordinals, increasing (so {@code members[0]} is the first seen)
 * @param representative the ordinal the keep policy chose
 */
// Shares its arrays (no copy: a carrier between the pipeline's steps); equals and hashCode
// compare them by identity, which no caller relies on.
@SuppressWarnings("ArrayRecordComponent")
public record Cluster(int[] members, int representative) {
  /** The first-seen member, which names the cluster. */
  public int first() {
    return members[0];
  }

  public int size() {
    return members.length;
  }
}
