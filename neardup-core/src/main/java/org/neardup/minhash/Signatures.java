package org.neardup.minhash;

/** Operations on signatures of one {@link MinHashConfig}. */
public final class Signatures {
  private Signatures() {}

  /**
   * How far below its expectation n·J the agreement count of a pair may fall before {@link
   * #minimumAgreement} gives up on it, in standard deviations of n-permutation MinHash.
   */
  public static final double FILTER_SIGMAS = 7;

  /**
   * Whether the two signatures agree on at least {@code minimum} positions. Stops as soon as the
   * answer is known, so a clear yes or no costs less than a full {@link #agreement}.
   */
  public static boolean agreeAtLeast(int[] a, int[] b, int minimum) {
    return agreeAtLeast(a, 0, b, 0, Math.min(a.length, b.length), minimum);
  }

  /**
   * {@link #agreeAtLeast(int[], int[], int)} for two signatures of {@code length} values stored at
   * {@code a[offsetA]} and {@code b[offsetB]} (signatures kept one after the other in one array).
   */
  public static boolean agreeAtLeast(
      int[] a, int offsetA, int[] b, int offsetB, int length, int minimum) {
    int allowedMismatches = length - minimum;
    if (allowedMismatches < 0) {
      return false;
    }
    return agreementsUntil(a, offsetA, b, offsetB, length, minimum, allowedMismatches) >= minimum;
  }

  /**
   * The agreements of two signatures of {@code length} values stored at {@code a[offsetA]} and
   * {@code b[offsetB]}, counted until {@code enough} are found or more than {@code
   * allowedMismatches} positions differ, whichever comes first: at least {@code enough} in the
   * first case, fewer than {@code length - allowedMismatches} in the second, the exact count when
   * neither happens.
   */
  static int agreementsUntil(
      int[] a, int offsetA, int[] b, int offsetB, int length, int enough, int allowedMismatches) {
    int equal = 0;
    int mismatches = 0;
    for (int i = 0; i < length; i++) {
      if (a[offsetA + i] == b[offsetB + i]) {
        if (++equal >= enough) {
          return equal;
        }
      } else if (++mismatches > allowedMismatches) {
        return equal;
      }
    }
    return equal;
  }

  /**
   * The low byte of each value, eight to a long (value i in bits 8·(i mod 8) of long i / 8; a last
   * partial long is padded with zeros, equal in every signature of the same length): a signature in
   * a quarter of the memory, for {@link #lowByteAgreement}.
   */
  public static long[] lowBytes(int[] signature) {
    long[] packed = new long[(signature.length + 7) >>> 3];
    for (int i = 0; i < signature.length; i++) {
      packed[i >>> 3] |= (long) (signature[i] & 0xFF) << ((i & 7) << 3);
    }
    return packed;
  }

  /**
   * The number of positions whose low bytes agree, of two {@link #lowBytes} of signatures of {@code
   * length} values: eight positions a step (a byte of a ^ b is zero where they agree). Two unequal
   * values agree on their low byte with probability 1/256, so the count is Binomial(n, J + (1 −
   * J)/256).
   */
  public static int lowByteAgreement(long[] a, long[] b, int length) {
    return lowByteAgreement(a, b, 0, length);
  }

  /**
   * {@link #lowByteAgreement(long[], long[], int)} with {@code b}'s low bytes at {@code offsetB} of
   * an array that holds many, one after another.
   */
  public static int lowByteAgreement(long[] a, long[] b, int offsetB, int length) {
    final long low7 = 0x7F7F7F7F7F7F7F7FL;
    int equal = 0;
    for (int w = 0; w < a.length; w++) {
      long x = a[w] ^ b[offsetB + w];
      // a byte's high bit is set unless the byte is zero
      long nonZero = ((x & low7) + low7) | x;
      equal += Long.bitCount(~nonZero & ~low7);
    }
    return equal - (a.length * 8 - length); // padding bytes always agree
  }

  /**
   * The number of positions where two signatures of {@code length} values stored at {@code
   * a[offsetA]} and {@code b[offsetB]} agree.
   */
  public static int agreement(int[] a, int offsetA, int[] b, int offsetB, int length) {
    int equal = 0;
    for (int i = 0; i < length; i++) {
      if (a[offsetA + i] == b[offsetB + i]) equal++;
    }
    return equal;
  }

  /** The number of positions where the two signatures agree. */
  public static int agreement(int[] a, int[] b) {
    int length = Math.min(a.length, b.length);
    int equal = 0;
    for (int i = 0; i < length; i++) {
      if (a[i] == b[i]) equal++;
    }
    return equal;
  }

  /**
   * The fewest agreeing values (of n) a pair of similarity &gt;= {@code threshold} can plausibly
   * show: n·t − 7·sqrt(n·t·(1−t)), rounded down, at least 0. For n-permutation MinHash the
   * agreement count of a pair at the threshold is Binomial(n, t), so a true pair falls below this
   * with probability about 1e-12 (and below 1e-6 even if the estimator's variance were twice the
   * binomial one); pairs above the threshold fall below it even less often. The loose minimum of
   * {@link AgreementFilter}, for signatures of small sets, whose densified values spread wider.
   */
  public static int minimumAgreement(int n, double threshold) {
    double mean = n * threshold;
    double sigma = Math.sqrt(n * threshold * (1 - threshold));
    return Math.max(0, (int) Math.floor(mean - FILTER_SIGMAS * sigma));
  }

  /**
   * The MinHash estimate of the Jaccard similarity: the fraction of positions where the two
   * signatures agree.
   *
   * @throws IllegalArgumentException if the lengths differ
   */
  public static double estimateSimilarity(int[] a, int[] b) {
    if (a.length != b.length) {
      throw new IllegalArgumentException(
          "signatures of different lengths: " + a.length + " and " + b.length);
    }
    int equal = 0;
    for (int i = 0; i < a.length; i++) {
      if (a[i] == b[i]) equal++;
    }
    return (double) equal / a.length;
  }
}
