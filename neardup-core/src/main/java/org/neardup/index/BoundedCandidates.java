package org.neardup.index;

import org.neardup.api.Faces;

/**
 * The first candidates of some buckets and how many more there are: what {@link
 * BucketStore#firstCandidates} answers, so that a query compares a bounded number of documents
 * however many share its bands.
 *
 * @param handles distinct handles, ascending
 * @param more candidates beyond {@code handles}, at least (exact when 0)
 */
@Faces
public record BoundedCandidates(long[] handles, long more) {}
