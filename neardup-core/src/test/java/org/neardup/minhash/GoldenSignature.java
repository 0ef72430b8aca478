package org.neardup.minhash;

/** Pinned signature values of {@link MinHashScheme#CLASSIC_V1}. */
final class GoldenSignature {
  /** Seed 1, n = 4, of the set {1, 2, 3, 42}. */
  static final int[] SEED_1_N_4_OF_1_2_3_42 = {-268889389, -269687637, 26022370, 1615462255};

  private GoldenSignature() {}
}
