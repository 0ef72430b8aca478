/**
 * neardup: near-duplicate document detection. {@link org.neardup.NearDup} is the entry point for
 * texts in memory; the stages live in the sub-packages, named after what they hold: {@code input}
 * (documents and bad-record policy), {@code text} normalizes, {@code shingle} turns text into
 * sorted 64-bit shingle-hash sets, {@code minhash} signs sets, {@code sketch} does all three in one
 * call, {@code lsh} bands signatures into buckets, {@code verify} confirms candidates by exact
 * Jaccard, {@code cluster} groups confirmed pairs, {@code search} plans top-k and containment
 * queries, {@code index} is the online index, {@code format} owns persisted byte layouts, {@code
 * config}, {@code corpus}, {@code candidates}, {@code join} and {@code batch} run the batch job,
 * {@code sort} and {@code collect} hold sorting and primitive collections, {@code error} the root
 * of the exceptions thrown on purpose. {@code internal} and its subpackages are not API.
 */
package org.neardup;
