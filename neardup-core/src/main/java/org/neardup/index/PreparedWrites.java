package org.neardup.index;

import java.util.List;
import org.neardup.api.Faces;

/**
 * Writes prepared by {@link NearDupIndex#prepare} for that index: sets sorted and bucket keys
 * hashed, on the thread that prepared them, so that {@link NearDupIndex#writePrepared} does under
 * the lock only what needs it (a service's committer thread then does less a document). Immutable.
 *
 * @param <K> the document key type
 */
@Faces
public final class PreparedWrites<K> {
  private final NearDupIndex<K> index;
  private final List<PreparedWrite<K>> writes;

  PreparedWrites(NearDupIndex<K> index, List<PreparedWrite<K>> writes) {
    this.index = index;
    this.writes = List.copyOf(writes);
  }

  /** The number of writes. */
  public int size() {
    return writes.size();
  }

  NearDupIndex<K> index() {
    return index;
  }

  List<PreparedWrite<K>> writes() {
    return writes;
  }
}
