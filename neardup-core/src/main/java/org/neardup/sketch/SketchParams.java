package org.neardup.sketch;

import java.io.Serializable;
import java.util.Objects;
import org.neardup.minhash.MinHashConfig;
import org.neardup.shingle.ShingleConfig;
import org.neardup.text.NormalizerConfig;

/**
 * Everything that makes two sketches comparable: normalization, shingling (unit, k, shingle hash
 * version) and the MinHash (scheme, seed, n). Two signatures or shingle sets may be compared only
 * when their params are equal; persisted ones carry them (the sketch params layout of
 * docs/formats.md). Immutable and serializable.
 *
 * @param normalizer text normalization
 * @param shingle shingle unit, size and hash version
 * @param minHash signing scheme, signature length and seed
 */
public record SketchParams(
    NormalizerConfig normalizer, ShingleConfig shingle, MinHashConfig minHash)
    implements Serializable {
  private static final long serialVersionUID = 1L;

  /**
   * The defaults: {@link NormalizerConfig#DEFAULT}, {@link ShingleConfig#DEFAULT} (char:5), {@link
   * MinHashConfig#DEFAULT} (one-permutation, 128 values, seed 1). Not stable: defaults may change
   * between releases; persisted sketches carry their params, so a change is detected, not silent.
   */
  public static final SketchParams DEFAULT =
      new SketchParams(NormalizerConfig.DEFAULT, ShingleConfig.DEFAULT, MinHashConfig.DEFAULT);

  public SketchParams {
    Objects.requireNonNull(normalizer, "normalizer");
    Objects.requireNonNull(shingle, "shingle");
    Objects.requireNonNull(minHash, "minHash");
  }

  /** Signature length n. */
  public int numPermutations() {
    return minHash.numPermutations();
  }

  @Override
  public String toString() {
    return "shingle="
        + shingle
        + " normalize="
        + normalizer
        + " scheme="
        + minHash.scheme().optionName()
        + " n="
        + minHash.numPermutations()
        + " seed="
        + minHash.seed();
  }
}
