package org.neardup.index;

import org.neardup.lsh.Banding;
import org.neardup.search.ContainmentSample;

/**
 * A bucket space an index keeps: how a document's keys in it are made from its signature and
 * shingle set, and the store that keeps its buckets. A {@link NearDupIndex} holds one for each
 * space its {@link SearchSettings} use, the threshold's first, and writes to each alike.
 *
 * @param fromSet whether the keys are made from the shingle set (else from the signature alone)
 */
record KeptSpace(BucketSpace space, KeyMaker keyMaker, boolean fromSet, BucketStore store) {
  /** Makes a document's keys of one space. */
  @FunctionalInterface
  interface KeyMaker {
    long[] keys(int[] signature, long[] set);
  }

  /** A space of band buckets: one key a band of the signature. */
  static KeptSpace banded(BucketSpace space, Banding banding, BucketStore store) {
    return new KeptSpace(space, (signature, set) -> banding.bucketKeys(signature), false, store);
  }

  /** A space of posting lists: one key a sampled shingle of the set. */
  static KeptSpace sampled(BucketSpace space, ContainmentSample sample, BucketStore store) {
    return new KeptSpace(space, (signature, set) -> sample.of(set), true, store);
  }

  /** The keys of a document with this signature and set (null when the index keeps no sets). */
  long[] keys(int[] signature, long[] set) {
    return keyMaker.keys(signature, set);
  }
}
