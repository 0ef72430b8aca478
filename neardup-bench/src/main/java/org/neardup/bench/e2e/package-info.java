/**
 * The end-to-end harness: {@link org.neardup.bench.e2e.EndToEnd} runs each contender in a fresh JVM
 * ({@link org.neardup.bench.e2e.ChildMain}), measures its wall time and peak resident memory,
 * scores its pairs against the exact answer, and prints a Markdown table and writes JSON.
 */
package org.neardup.bench.e2e;
