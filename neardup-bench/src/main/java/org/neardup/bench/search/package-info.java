/**
 * The harness that measures top-k and containment queries against the threshold query on one
 * corpus: time per query, recall against brute force, memory per document ({@link
 * org.neardup.bench.search.SearchBenchmark}).
 */
package org.neardup.bench.search;
