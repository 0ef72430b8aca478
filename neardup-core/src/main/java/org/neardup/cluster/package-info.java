/**
 * Stage 8, clustering: the kept set a dedup keeps ({@link org.neardup.cluster.KeptSet}, a greedy
 * maximal independent set of the pair graph in {@link org.neardup.cluster.KeepPolicy} order, each
 * removed document with its best kept match), and connected components of the confirmed pairs
 * ({@link org.neardup.cluster.UnionFind}, {@link org.neardup.cluster.Clusterer}) for whole groups.
 */
package org.neardup.cluster;
