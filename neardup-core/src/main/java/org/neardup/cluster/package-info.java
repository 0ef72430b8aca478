/**
 * Stage 8, clustering: connected components of the confirmed pairs ({@link
 * org.neardup.cluster.UnionFind}), a representative per cluster by {@link
 * org.neardup.cluster.KeepPolicy}, in a stable order ({@link org.neardup.cluster.Clusterer}).
 */
package org.neardup.cluster;
