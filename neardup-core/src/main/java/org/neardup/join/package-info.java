/**
 * Exact all-pairs joins over shingle sets, by prefix filtering: {@link org.neardup.join.ExactJoin}
 * (Jaccard similarity, through {@link org.neardup.join.PrefixFilterJoin}) and {@link
 * org.neardup.join.ContainmentJoin} (containment). Every pair at or above the threshold, with its
 * exact value.
 */
package org.neardup.join;
