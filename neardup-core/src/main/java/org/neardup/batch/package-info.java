/**
 * The batch job, one wing of core: {@link org.neardup.batch.BatchRun} reads a {@link
 * org.neardup.batch.BatchInput} into a corpus within the memory budget and finds its pairs, the
 * {@link org.neardup.batch.PairPlanner} choosing between LSH and the exact join; {@link
 * org.neardup.batch.PairFinder} and {@link org.neardup.batch.ContainmentFinder} run one path each.
 * {@code ./neardup pairs} and {@link org.neardup.NearDup} both run it. Its stages are the
 * subpackages, in the order a document goes through them: {@code corpus} (the documents sketched),
 * {@code lsh} (the LSH pair phase: candidates and their verification) or {@code exact} (the exact
 * joins), and {@code spill} (the stores that go to temporary files, not API).
 */
package org.neardup.batch;
