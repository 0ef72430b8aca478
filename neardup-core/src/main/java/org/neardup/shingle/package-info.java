/**
 * Stages 3 and 4, shingling and hashing: a {@link org.neardup.shingle.Shingler} turns normalized
 * text into a sorted {@code long[]} of distinct 64-bit shingle hashes (hash4j komihash 5.0), the
 * set that MinHash signs and that verification intersects. A text shorter than k is one shingle.
 */
package org.neardup.shingle;
