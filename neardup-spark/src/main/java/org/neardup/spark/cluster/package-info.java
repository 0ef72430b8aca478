/**
 * Distributed connected components (large-star / small-star) and the cluster lines with the CLI's
 * names, order and keep policies.
 */
package org.neardup.spark.cluster;
