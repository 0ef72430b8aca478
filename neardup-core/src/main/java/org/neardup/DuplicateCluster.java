package org.neardup;

import java.util.List;

/**
 * A group of two or more documents connected by near-duplicate pairs, by key.
 *
 * @param representative the member the keep policy chose to keep
 * @param members every member, in input order (the representative included)
 * @param <K> the document key type
 */
public record DuplicateCluster<K>(K representative, List<K> members) {
  public DuplicateCluster {
    members = List.copyOf(members);
  }

  /** The members other than the representative: what a deduplicated copy leaves out. */
  public List<K> duplicates() {
    return members.stream().filter(k -> !k.equals(representative)).toList();
  }
}
