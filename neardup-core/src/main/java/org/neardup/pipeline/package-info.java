/**
 * The pipeline end to end: {@link org.neardup.pipeline.PipelineConfig} holds every setting, {@link
 * org.neardup.pipeline.CorpusBuilder} normalizes, shingles and signs documents in parallel into a
 * {@link org.neardup.pipeline.Corpus}, and {@link org.neardup.pipeline.PairFinder} finds the
 * confirmed pairs with LSH or with an exact join.
 */
package org.neardup.pipeline;
