/**
 * The documents of a batch run, sketched: {@link org.neardup.batch.corpus.CorpusBuilder}
 * normalizes, shingles and signs documents in parallel into a {@link
 * org.neardup.batch.corpus.Corpus}, which keeps their signatures, bucket keys and shingle sets (in
 * memory or spilled) and where each came from; {@link org.neardup.batch.corpus.SketchSource} reads
 * documents again for what the corpus did not keep; {@link org.neardup.batch.corpus.PairResult} is
 * what a pair phase found.
 */
package org.neardup.batch.corpus;
