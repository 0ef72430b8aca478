package org.neardup.config;

import java.io.Serializable;
import java.util.Objects;
import org.neardup.lsh.LshParams;
import org.neardup.minhash.MinHashConfig;
import org.neardup.shingle.ShingleConfig;
import org.neardup.sketch.SketchParams;
import org.neardup.text.NormalizerConfig;
import org.neardup.verify.Verifier;
import org.neardup.verify.VerifyMode;

/**
 * Everything that decides which pairs neardup reports, for every face: the batch pipeline, the
 * online {@link org.neardup.index.NearDupIndex}, the service and the Spark job. Immutable and
 * serializable; build with {@link #builder()}.
 *
 * @param normalizer text normalization
 * @param shingle shingle unit, size and hash version
 * @param minHash signing scheme, signature length and seed
 * @param threshold report pairs with similarity &gt;= this, in (0, 1]
 * @param targetRecall the candidate probability the banding must reach at the threshold
 * @param banding explicit bands and rows, or null to choose them from threshold and target
 * @param verify exact verification or signature estimate
 * @param threads worker threads, at least 1
 */
public record PipelineConfig(
    NormalizerConfig normalizer,
    ShingleConfig shingle,
    MinHashConfig minHash,
    double threshold,
    double targetRecall,
    LshParams banding,
    VerifyMode verify,
    int threads)
    implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The default similarity threshold. */
  public static final double DEFAULT_THRESHOLD = 0.8;

  public PipelineConfig {
    Objects.requireNonNull(normalizer, "normalizer");
    Objects.requireNonNull(shingle, "shingle");
    Objects.requireNonNull(minHash, "minHash");
    Objects.requireNonNull(verify, "verify");
    if (!(threshold > 0 && threshold <= 1)) {
      throw new IllegalArgumentException("threshold must be in (0, 1], got " + threshold);
    }
    if (!(targetRecall > 0 && targetRecall < 1)) {
      throw new IllegalArgumentException("target recall must be in (0, 1), got " + targetRecall);
    }
    if (banding != null && banding.signatureLength() > minHash.numPermutations()) {
      throw new IllegalArgumentException(
          "banding "
              + banding
              + " needs "
              + banding.signatureLength()
              + " signature values, but signatures have "
              + minHash.numPermutations());
    }
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be at least 1, got " + threads);
    }
  }

  /** What makes sketches comparable: normalization, shingling, MinHash. */
  public SketchParams sketch() {
    return new SketchParams(normalizer, shingle, minHash);
  }

  /** The verification of candidates these settings ask for. */
  public Verifier verifier() {
    return new Verifier(threshold, minHash.numPermutations(), verify);
  }

  /** The banding in effect: the explicit one, or the optimum for threshold and target recall. */
  public LshParams lshParams() {
    return banding != null
        ? banding
        : LshParams.optimal(threshold, minHash.numPermutations(), targetRecall);
  }

  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    return new Builder()
        .normalizer(normalizer)
        .shingle(shingle)
        .minHash(minHash)
        .threshold(threshold)
        .targetRecall(targetRecall)
        .banding(banding)
        .verify(verify)
        .threads(threads);
  }

  /** Builds a {@link PipelineConfig}; every setter has a documented default. */
  public static final class Builder {
    private NormalizerConfig normalizer = NormalizerConfig.DEFAULT;
    private ShingleConfig shingle = ShingleConfig.DEFAULT;
    private MinHashConfig minHash = MinHashConfig.DEFAULT;
    private double threshold = DEFAULT_THRESHOLD;
    private double targetRecall = LshParams.DEFAULT_TARGET_RECALL;
    private LshParams banding;
    private VerifyMode verify = VerifyMode.EXACT;
    private int threads = Runtime.getRuntime().availableProcessors();

    private Builder() {}

    /** Default {@link NormalizerConfig#DEFAULT}. */
    public Builder normalizer(NormalizerConfig value) {
      normalizer = value;
      return this;
    }

    /** Default {@link ShingleConfig#DEFAULT} (char:5). */
    public Builder shingle(ShingleConfig value) {
      shingle = value;
      return this;
    }

    /** Default {@link MinHashConfig#DEFAULT} (one-permutation, 128 values, seed 1). */
    public Builder minHash(MinHashConfig value) {
      minHash = value;
      return this;
    }

    /** Default 0.8. */
    public Builder threshold(double value) {
      threshold = value;
      return this;
    }

    /** Default 0.99. */
    public Builder targetRecall(double value) {
      targetRecall = value;
      return this;
    }

    /** Default null: chosen by {@link LshParams#optimal}. */
    public Builder banding(LshParams value) {
      banding = value;
      return this;
    }

    /** Default {@link VerifyMode#EXACT}. */
    public Builder verify(VerifyMode value) {
      verify = value;
      return this;
    }

    /** Default: the number of available processors. */
    public Builder threads(int value) {
      threads = value;
      return this;
    }

    public PipelineConfig build() {
      return new PipelineConfig(
          normalizer, shingle, minHash, threshold, targetRecall, banding, verify, threads);
    }
  }
}
