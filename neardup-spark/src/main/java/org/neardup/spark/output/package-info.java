/**
 * The job's outputs: pairs and clusters as sorted part files of the CLI's lines or Parquet, the
 * deduplicated copy written by neardup-io's copiers, and signature files.
 */
package org.neardup.spark.output;
