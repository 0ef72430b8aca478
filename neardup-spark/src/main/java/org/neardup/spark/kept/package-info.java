/**
 * The kept set on Spark: the greedy maximal independent set of the pairs graph in the keep order,
 * computed in rounds, each removed document with its best kept neighbour, and the group lines in
 * the CLI's layout and order.
 */
package org.neardup.spark.kept;
