package org.neardup.spark.lsh;

import java.io.Serializable;
import java.util.Comparator;

/**
 * One document in one band's bucket, as the banding shuffle moves it: bucket key, the document's
 * content fingerprint and set size (to recognise exact copies), its ordinal and the band. Sorted
 * by bucket, then content, then ordinal, so that a bucket arrives as one run and the copies of one
 * text as one run within it, first-read copy first. Immutable and serializable.
 *
 * @param bucketKey the band's bucket key ({@link org.neardup.lsh.Banding#bucketKeys})
 * @param fingerprint the document's content fingerprint
 * @param setSize its shingle-set size
 * @param ordinal its ordinal
 * @param band the band's index
 */
public record BucketEntry(long bucketKey, long fingerprint, int setSize, long ordinal, int band)
    implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The shuffle's sort order. */
  public static final Comparator<BucketEntry> ORDER = new Order();

  /** Whether {@code other} has the same content (a copy of the same text). */
  public boolean sameContentAs(BucketEntry other) {
    return fingerprint == other.fingerprint && setSize == other.setSize;
  }

  private static final class Order implements Comparator<BucketEntry>, Serializable {
    private static final long serialVersionUID = 1L;

    @Override
    public int compare(BucketEntry a, BucketEntry b) {
      int c = Long.compare(a.bucketKey, b.bucketKey);
      if (c == 0) {
        c = Long.compare(a.fingerprint, b.fingerprint);
      }
      if (c == 0) {
        c = Integer.compare(a.setSize, b.setSize);
      }
      return c != 0 ? c : Long.compare(a.ordinal, b.ordinal);
    }
  }
}
