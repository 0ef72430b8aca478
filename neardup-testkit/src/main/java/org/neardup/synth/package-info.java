/**
 * Synthetic corpora with planted near-duplicates of graded similarity ({@link
 * org.neardup.synth.CorpusGenerator}), seeded and deterministic: the demo's corpus, test inputs and
 * benchmark inputs.
 */
package org.neardup.synth;
