/**
 * Load on a running {@code neardup serve}: {@link org.neardup.bench.server.LoadGenerator}, bounded
 * in time and count, loopback only, with exact latency percentiles.
 */
package org.neardup.bench.server;
