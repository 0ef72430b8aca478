/**
 * The online index: {@link org.neardup.index.NearDupIndex} adds, removes and queries documents one
 * at a time or in batches, and answers verified matches ({@link org.neardup.index.Match}), the
 * top-k most similar and the documents containing a text. Its storage is pluggable ({@link
 * org.neardup.index.IndexStorage}): the documents ({@link org.neardup.index.SketchStore}) and one
 * {@link org.neardup.index.BucketStore} a {@link org.neardup.index.BucketSpace}, in memory ({@link
 * org.neardup.index.InMemoryStorage}) or on disk in the service. The searches here run over those
 * stores: the threshold query, and the plans of {@code org.neardup.search} (top-k, containment),
 * which know nothing of stores.
 */
package org.neardup.index;
