package org.neardup.cluster;

/**
 * A group of two or more documents connected by confirmed pairs, by ordinal. Immutable: it keeps a
 * copy of the members given, and {@link #members()} returns a copy.
 *
 * @param members the members' ordinals, increasing (so {@code members[0]} is the first seen)
 * @param representative the ordinal the keep policy chose
 */
// Shares its arrays (no copy: a carrier between the pipeline's steps); equals and hashCode
// compare them by identity, which no caller relies on.
@SuppressWarnings("ArrayRecordComponent")
public record Cluster(int[] members, int representative) {
  public Cluster {
    members = members.clone();
  }

  /** The members' ordinals, increasing: a copy. */
  @Override
  public int[] members() {
    return members.clone();
  }

  /** The {@code index}-th member's ordinal, in increasing order. */
  public int member(int index) {
    return members[index];
  }

  /** The first-seen member, which names the cluster. */
  public int first() {
    return members[0];
  }

  public int size() {
    return members.length;
  }
}
