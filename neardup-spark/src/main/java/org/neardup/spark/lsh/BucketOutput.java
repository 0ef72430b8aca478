package org.neardup.spark.lsh;

import java.io.Serializable;

/**
 * What the buckets give: a candidate pair of distinct texts, a copy of a text (to be joined to its
 * first-read copy), or a giant bucket's tally. Immutable and serializable.
 *
 * @param kind what this is
 * @param first the candidate's smaller ordinal; the copy's ordinal; the giant bucket's distinct
 *     texts
 * @param second the candidate's larger ordinal; the first-read copy's ordinal; the giant bucket's
 *     pairs of distinct texts left unexamined
 */
public record BucketOutput(Kind kind, long first, long second) implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The kinds of output. */
  public enum Kind {
    /** Two distinct texts that share a bucket. */
    CANDIDATE,
    /** An exact copy of a text read earlier. */
    COPY,
    /** A bucket of more distinct texts than the cap. */
    GIANT_BUCKET
  }

  /** The candidate pair of two ordinals, smaller first. */
  public static BucketOutput candidate(long a, long b) {
    return new BucketOutput(Kind.CANDIDATE, Math.min(a, b), Math.max(a, b));
  }
}
