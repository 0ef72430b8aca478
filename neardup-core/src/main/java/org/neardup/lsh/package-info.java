/**
 * Stage 6, locality-sensitive hashing: {@link org.neardup.lsh.LshParams} chooses b bands of r rows
 * from a threshold and a target recall (the S-curve 1-(1-s^r)^b), {@link org.neardup.lsh.Banding}
 * turns a signature into b bucket keys, and {@link org.neardup.lsh.LshIndex} stores documents by
 * bucket and answers candidate queries (insert / query / remove; thread-safe).
 */
package org.neardup.lsh;
