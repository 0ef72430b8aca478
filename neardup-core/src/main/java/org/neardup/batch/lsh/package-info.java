/**
 * The LSH pair phase of a corpus: {@link org.neardup.batch.lsh.LshPairPhase} groups every band's
 * buckets, finds the candidate pairs, filters them by signature agreement and verifies the
 * survivors with exact Jaccard ({@code CandidateVerification}, or reading the inputs again when the
 * corpus did not keep the sets).
 */
package org.neardup.batch.lsh;
