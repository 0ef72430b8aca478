package org.neardup.spark.lsh;

import java.io.Externalizable;
import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectOutput;
import java.io.Serializable;
import java.util.Comparator;

/**
 * One document in one band's bucket, as the banding shuffle moves it: bucket key, the document's
 * content fingerprint and set size (to recognise exact copies), its ordinal and the band. Sorted by
 * bucket, then content, then ordinal, so that a bucket arrives as one run and the copies of one
 * text as one run within it, first-read copy first. Externalizable: 29 bytes of fields, no field
 * names, because the banding shuffle moves b of these a document. Immutable once read; not
 * thread-safe while being read.
 */
public final class BucketEntry implements Externalizable {
  private static final long serialVersionUID = 1L;

  /** The shuffle's sort order. */
  public static final Comparator<BucketEntry> ORDER = new Order();

  private long bucketKey;
  private long fingerprint;
  private int setSize;
  private long ordinal;
  private byte band;

  /** For deserialization only. */
  public BucketEntry() {}

  /**
   * @param bucketKey the band's bucket key ({@link org.neardup.lsh.Banding#bucketKeys})
   * @param fingerprint the document's content fingerprint
   * @param setSize its shingle-set size
   * @param ordinal its ordinal
   * @param band the band's index (only whether it is 0 matters, so bands past 127 store 1)
   */
  public BucketEntry(long bucketKey, long fingerprint, int setSize, long ordinal, int band) {
    this.bucketKey = bucketKey;
    this.fingerprint = fingerprint;
    this.setSize = setSize;
    this.ordinal = ordinal;
    this.band = (byte) Math.min(band, 127);
  }

  public long bucketKey() {
    return bucketKey;
  }

  public long fingerprint() {
    return fingerprint;
  }

  public int setSize() {
    return setSize;
  }

  public long ordinal() {
    return ordinal;
  }

  /** The band's index, capped at 127. */
  public int band() {
    return band;
  }

  /** Whether {@code other} has the same content (a copy of the same text). */
  public boolean sameContentAs(BucketEntry other) {
    return fingerprint == other.fingerprint && setSize == other.setSize;
  }

  @Override
  public void writeExternal(ObjectOutput out) throws IOException {
    out.writeLong(bucketKey);
    out.writeLong(fingerprint);
    out.writeInt(setSize);
    out.writeLong(ordinal);
    out.writeByte(band);
  }

  @Override
  public void readExternal(ObjectInput in) throws IOException {
    bucketKey = in.readLong();
    fingerprint = in.readLong();
    setSize = in.readInt();
    ordinal = in.readLong();
    band = in.readByte();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof BucketEntry e
        && e.bucketKey == bucketKey
        && e.fingerprint == fingerprint
        && e.setSize == setSize
        && e.ordinal == ordinal
        && e.band == band;
  }

  @Override
  public int hashCode() {
    return Long.hashCode(bucketKey) * 31 + Long.hashCode(ordinal);
  }

  @Override
  public String toString() {
    return "BucketEntry[bucket="
        + bucketKey
        + ", content="
        + fingerprint
        + "/"
        + setSize
        + ", ordinal="
        + ordinal
        + ", band="
        + band
        + "]";
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
