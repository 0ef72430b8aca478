/**
 * Reading inputs on Spark: files listed and cut into splits on the driver ({@link
 * org.neardup.spark.input.SplitPlanner}), each split read by one task with neardup-io's reader of
 * its format ({@link org.neardup.spark.input.SplitReader}), so records, ids and bad-record rules
 * are the CLI's; {@link org.neardup.spark.input.Ordinals} keep input order without counting.
 */
package org.neardup.spark.input;
