/**
 * Benchmarks of neardup: JMH micro-benchmarks of the pipeline's kernels ({@code jmh}) and an
 * end-to-end harness that runs neardup and peer systems on one corpus, each in a fresh JVM, and
 * scores them against the exact answer ({@code e2e}, {@code contender}). Not deployed.
 */
package org.neardup.bench;
