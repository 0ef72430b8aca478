/**
 * JMH micro-benchmarks of the kernels: shingling, sorting shingle hashes into sets, signing,
 * banding, the LSH index and exact verification. Run them with {@code java -jar
 * neardup-bench/target/benchmarks.jar}; see docs/benchmarks.md for the quick-run options.
 */
package org.neardup.bench.jmh;
