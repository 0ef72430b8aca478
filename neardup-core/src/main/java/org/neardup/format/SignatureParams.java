package org.neardup.format;

import java.util.Objects;
import org.neardup.minhash.MinHashConfig;
import org.neardup.shingle.ShingleConfig;
import org.neardup.text.NormalizerConfig;

/**
 * Everything a signature's values depend on: normalization, shingling and the MinHash (scheme,
 * seed, n). Two signatures are comparable only when their params are equal.
 */
public record SignatureParams(NormalizerConfig normalizer, ShingleConfig shingle, MinHashConfig minHash) {
  public SignatureParams {
    Objects.requireNonNull(normalizer, "normalizer");
    Objects.requireNonNull(shingle, "shingle");
    Objects.requireNonNull(minHash, "minHash");
  }

  @Override
  public String toString() {
    return "scheme=" + minHash.scheme() + " seed=" + minHash.seed() + " n=" + minHash.numPermutations()
        + " shingle=" + shingle + " normalize=" + normalizer;
  }
}
