/**
 * The settings of a run, as immutable records: {@link org.neardup.config.PipelineConfig} (text,
 * shingles, signatures, threshold, banding, verification, threads), shared by the batch job and the
 * online index, and {@link org.neardup.config.MemoryBudget} (what of a batch run may stay in
 * memory).
 */
package org.neardup.config;
