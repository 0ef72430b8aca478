package org.neardup.index;

import org.neardup.api.Faces;

/**
 * The first candidates of some buckets and how many more there are: what {@link
 * BucketStore#firstCandidates} answers, so that a query compares a bounded number of documents
 * however many share its bands. Immutable: the handles are copied in and out.
 */
@Faces
public final class BoundedCandidates {
  private final long[] handles;
  private final long more;

  /**
   * @param handles distinct handles, ascending (copied)
   * @param more candidates beyond {@code handles}, at least (exact when 0)
   */
  public BoundedCandidates(long[] handles, long more) {
    this.handles = handles.clone();
    this.more = more;
  }

  /** The handles, distinct and ascending (a copy). */
  public long[] handles() {
    return handles.clone();
  }

  /** Candidates beyond {@link #handles()}, at least (exact when 0). */
  public long more() {
    return more;
  }
}
