package org.neardup.index;

import org.neardup.api.Faces;

/**
 * The families of buckets an index may keep, each in its own {@link BucketStore} (keys of one
 * family never meet keys of another).
 */
@Faces
public enum BucketSpace {
  /** The banding of the threshold: one bucket key a band. Every index has it. */
  THRESHOLD,
  /** The banding of the top-k floor ({@link SearchSettings#topKFloor()}): one bucket key a band. */
  TOP_K,
  /**
   * Containment posting lists: one key a sampled shingle ({@link
   * SearchSettings#containmentSampling()}).
   */
  CONTAINMENT
}
