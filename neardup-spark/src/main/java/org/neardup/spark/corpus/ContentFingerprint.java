package org.neardup.spark.corpus;

import com.dynatrace.hash4j.hashing.HashStream64;
import com.dynatrace.hash4j.hashing.Hasher64;
import com.dynatrace.hash4j.hashing.Hashing;
import org.neardup.sketch.Sketch;

/**
 * A 64-bit fingerprint of what verification compares of a document, with which exact copies of a
 * text are recognised before banding: with exact verification its shingle hashes as a multiset
 * (their order does not count, so nothing is sorted), in estimate mode its signature. Equal shingle
 * multisets give equal fingerprints, so equal fingerprints mean equal shingle sets but for a chance
 * of about 2^-64; two texts with the same set but other repeats are not copies here, and
 * verification gives them similarity 1 as it gives copies. Stateless.
 */
public final class ContentFingerprint {
  private static final Hasher64 HASHER = Hashing.komihash5_0(0x6E65617264757073L);

  private ContentFingerprint() {}

  /** The fingerprint of {@code sketch}, of its shingles ({@code bySet}) or of its signature. */
  public static long of(Sketch sketch, boolean bySet) {
    HashStream64 hash = HASHER.hashStream();
    if (!bySet) {
      return hash.putInts(sketch.signature()).getAsLong();
    }
    long[] hashes = sketch.shingleHashes();
    long sum = 0;
    for (long h : hashes) {
      sum += mix(h);
    }
    return hash.putLong(sum).putInt(hashes.length).getAsLong();
  }

  /**
   * A bijection of longs (MurmurHash3's finalizer), so that sums of structured hashes stay apart.
   */
  private static long mix(long z) {
    z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
    z = (z ^ (z >>> 33)) * 0xc4ceb9fe1a85ec53L;
    return z ^ (z >>> 33);
  }
}
