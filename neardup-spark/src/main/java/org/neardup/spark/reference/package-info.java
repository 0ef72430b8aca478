/**
 * The documents a run is deduplicated against ({@code --against}): which files they are, and the
 * pairs of the run's documents with them, found on the executors by the engine's own probe ({@link
 * org.neardup.batch.BatchRun#against}), so they are the CLI's pairs.
 */
package org.neardup.spark.reference;
