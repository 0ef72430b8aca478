/**
 * The batch job: {@link org.neardup.batch.BatchRun} reads a {@link org.neardup.batch.BatchInput}
 * into a corpus within the memory budget and finds its pairs, the {@link
 * org.neardup.batch.PairPlanner} choosing between LSH and the exact join; {@link
 * org.neardup.batch.PairFinder} and {@link org.neardup.batch.ContainmentFinder} run one path each.
 * {@code ./neardup pairs} and {@link org.neardup.NearDup} both run it.
 */
package org.neardup.batch;
