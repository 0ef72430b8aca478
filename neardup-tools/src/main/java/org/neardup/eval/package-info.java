/**
 * Stage 10, evaluation: reads pair files ({@link org.neardup.eval.PairFile}) and scores found pairs
 * against a truth — precision, recall, F1 ({@link org.neardup.eval.PairEvaluator#evaluate}) and
 * recall by similarity band ({@link org.neardup.eval.PairEvaluator#recallByBand}) — and top-k
 * answers against the exact top k ({@link org.neardup.eval.TopKRecall}).
 */
package org.neardup.eval;
