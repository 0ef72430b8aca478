/**
 * Exact all-pairs joins over shingle sets, by prefix filtering: {@link
 * org.neardup.batch.exact.ExactJoin} (Jaccard similarity, through {@link
 * org.neardup.batch.exact.PrefixFilterJoin}) and {@link org.neardup.batch.exact.ContainmentJoin}
 * (containment). Every pair at or above the threshold, with its exact value.
 */
package org.neardup.batch.exact;
