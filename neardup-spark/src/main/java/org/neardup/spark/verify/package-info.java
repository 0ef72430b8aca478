/**
 * Verification of candidate pairs with the engine's {@link org.neardup.verify.Verifier}: the
 * signature filter on joined signatures, then exact Jaccard on joined shingle sets.
 */
package org.neardup.spark.verify;
