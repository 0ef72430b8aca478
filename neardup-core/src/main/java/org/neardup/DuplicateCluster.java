package org.neardup;

import java.util.List;

/**
 * A group of two or more near-duplicate documents, by key: a kept document and the documents a
 * deduplication removes for it ({@link NearDup#clusters}), or a connected component of the pairs
 * ({@link NearDup#components}).
 *
 * @param representative the member that is kept
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
