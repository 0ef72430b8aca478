package org.neardup.spark.verify;

import com.esotericsoftware.kryo.DefaultSerializer;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import java.io.Serializable;

/**
 * What the banding and verification counted, summed across tasks as the batches travel: each task
 * passes the sum of what it received and counted in exactly one batch it sends, so the homes' sums
 * are the run's. Immutable and serializable.
 *
 * @param candidates distinct candidate pairs of distinct texts
 * @param verified candidates that passed the signature filter and were verified
 * @param copies documents whose content equals that of a document read before
 * @param giantBuckets buckets of more distinct texts than the cap
 * @param unexaminedPairs (bucket, pair) occurrences left unexamined in giant buckets
 */
@DefaultSerializer(JavaSerializer.class)
public record PairCounts(
    long candidates, long verified, long copies, long giantBuckets, long unexaminedPairs)
    implements Serializable {
  private static final long serialVersionUID = 1L;

  /** Nothing counted. */
  public static final PairCounts NONE = new PairCounts(0, 0, 0, 0, 0);

  /** The sum of both. */
  public PairCounts plus(PairCounts other) {
    return new PairCounts(
        candidates + other.candidates,
        verified + other.verified,
        copies + other.copies,
        giantBuckets + other.giantBuckets,
        unexaminedPairs + other.unexaminedPairs);
  }
}
