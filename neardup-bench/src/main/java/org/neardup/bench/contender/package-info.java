/**
 * The contenders of the end-to-end benchmark: neardup and peer systems, each a small {@link
 * org.neardup.bench.contender.Contender} listed in {@link org.neardup.bench.contender.Contenders}.
 * All of them see the same normalized text and the same shingles, so one exact answer scores them
 * all.
 */
package org.neardup.bench.contender;
