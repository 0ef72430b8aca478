/**
 * neardup: near-duplicate document detection. The pipeline's stages live in the sub-packages,
 * named after the stage: {@code io} reads documents, {@code text} normalizes them, {@code shingle}
 * turns text into sorted 64-bit shingle-hash sets, {@code minhash} signs sets, {@code lsh} bands
 * signatures into candidate pairs, {@code verify} confirms candidates by exact Jaccard, {@code
 * cluster} groups confirmed pairs, {@code eval} scores found pairs against a truth, {@code format}
 * owns persisted byte layouts, {@code pipeline} runs the stages end to end, {@code search} plans
 * queries beyond a threshold (top-k, containment), {@code synth} generates test corpora and {@code
 * tune} computes what tuning and explanations show.
 */
package org.neardup;
