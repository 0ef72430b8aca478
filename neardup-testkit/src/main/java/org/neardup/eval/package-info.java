/**
 * Evaluation against a truth: found pairs scored for precision, recall and F1 ({@link
 * org.neardup.eval.PairEvaluator#evaluate}) and recall by similarity band ({@link
 * org.neardup.eval.PairEvaluator#recallByBand}), and top-k answers against the exact top k ({@link
 * org.neardup.eval.TopKRecall}). Pair files are read by {@code org.neardup.io.PairFile}.
 */
package org.neardup.eval;
