package org.neardup.cli.options;

import org.neardup.cli.Formats;
import org.neardup.cli.UsageException;
import org.neardup.lsh.LshParams;
import org.neardup.minhash.MinHashConfig;
import org.neardup.minhash.MinHashScheme;
import org.neardup.pipeline.PipelineConfig;
import org.neardup.pipeline.VerifyMode;
import org.neardup.shingle.ShingleConfig;
import org.neardup.text.NormalizerConfig;
import picocli.CommandLine.Option;

/** The options that decide which pairs are found. */
public final class PipelineMixin {
  /** The most worker threads: more than enough for any machine, few enough to start. */
  static final int MAX_THREADS = 1024;

  @Option(names = {"-t", "--threshold"}, paramLabel = "T", defaultValue = "0.8", description = "Report pairs with Jaccard similarity >= T, in (0, 1]. Default: ${DEFAULT-VALUE}.")
  double threshold;

  @Option(names = "--shingle", paramLabel = "UNIT:K", defaultValue = "char:5", description = "char:K (k characters) or word:K (k words). Default: ${DEFAULT-VALUE}.")
  String shingle;

  @Option(names = "--permutations", paramLabel = "N", defaultValue = "128", description = "MinHash signature length. Default: ${DEFAULT-VALUE}.")
  int permutations;

  @Option(names = "--scheme", paramLabel = "SCHEME", defaultValue = "one-permutation", description = "MinHash scheme: one-permutation (one hash per shingle, optimal densification) or classic (n (a x + b) mod p permutations). Default: ${DEFAULT-VALUE}.")
  String scheme;

  @Option(names = "--seed", paramLabel = "SEED", defaultValue = "1", description = "MinHash seed. Default: ${DEFAULT-VALUE}.")
  long seed;

  @Option(names = "--bands", paramLabel = "B", description = "LSH bands (with --rows); default: chosen from the threshold and --target-recall.")
  Integer bands;

  @Option(names = "--rows", paramLabel = "R", description = "LSH rows per band (with --bands).")
  Integer rows;

  @Option(names = "--target-recall", paramLabel = "P", defaultValue = "0.99", description = "Lowest candidate probability at the threshold when choosing bands and rows. Default: ${DEFAULT-VALUE}.")
  double targetRecall;

  @Option(names = "--exact", description = "Exact all-pairs join instead of LSH: 100%% recall, slower.")
  public boolean exact;

  @Option(names = "--estimate", description = "Confirm candidates by signature agreement instead of exact Jaccard (no shingle sets kept; approximate).")
  boolean estimate;

  @Option(names = "--max-candidates", paramLabel = "N", description = "Stop (exit 2) before the pair phase when LSH would examine more than N candidate pairs, counted from the bucket sizes. Default: no limit; above 50000000 a warning.")
  Long maxCandidates;

  @Option(names = "--threads", paramLabel = "N", description = "Worker threads, in [1, 1024]. Default: all processors.")
  Integer threads;

  @Option(names = "--no-nfkc", description = "Skip Unicode NFKC normalization.")
  boolean noNfkc;

  @Option(names = "--no-lowercase", description = "Keep letter case.")
  boolean noLowercase;

  @Option(names = "--strip-punctuation", description = "Delete punctuation before shingling.")
  boolean stripPunctuation;

  @Option(names = "--no-collapse-whitespace", description = "Keep whitespace runs as they are.")
  boolean noCollapseWhitespace;

  private void checkNumbers() {
    if (!(threshold > 0 && threshold <= 1)) {
      throw new UsageException("threshold must be in (0, 1], got " + Formats.plain(threshold));
    }
    if (permutations < 1 || permutations > MinHashConfig.MAX_PERMUTATIONS) {
      throw new UsageException(
          "--permutations must be in [1, " + MinHashConfig.MAX_PERMUTATIONS + "], got " + permutations);
    }
    if (!(targetRecall > 0 && targetRecall < 1)) {
      throw new UsageException("--target-recall must be in (0, 1), got " + Formats.plain(targetRecall));
    }
    if (maxCandidates != null && maxCandidates < 0) {
      throw new UsageException("--max-candidates must be at least 0, got " + maxCandidates);
    }
    if (maxCandidates != null && exact) {
      throw new UsageException("--max-candidates limits LSH candidates; --exact has none");
    }
    if (threads != null && (threads < 1 || threads > MAX_THREADS)) {
      throw new UsageException("--threads must be in [1, " + MAX_THREADS + "], got " + threads);
    }
    if (bands != null) {
      if (bands < 1) {
        throw new UsageException("--bands must be at least 1, got " + bands);
      }
      if (rows < 1) {
        throw new UsageException("--rows must be at least 1, got " + rows);
      }
      long needed = (long) bands * rows;
      if (needed > permutations) {
        throw new UsageException("--bands " + bands + " with --rows " + rows + " needs " + needed
            + " signature values, but --permutations is " + permutations);
      }
    }
  }

  /** The most candidate pairs LSH may examine (--max-candidates), or null for no limit. */
  public Long maxCandidates() {
    return maxCandidates;
  }

  private ShingleConfig shingle() {
    try {
      return ShingleConfig.parse(shingle);
    } catch (IllegalArgumentException e) {
      if (e.getMessage().startsWith("invalid shingle")) {
        throw new UsageException(e.getMessage());
      }
      throw new UsageException("--shingle '" + shingle + "': the size must be in [1, " + ShingleConfig.MAX_SIZE + "]");
    }
  }

  MinHashScheme scheme() {
    switch (scheme.toLowerCase(java.util.Locale.ROOT)) {
      case "classic":
        return MinHashScheme.CLASSIC_V1;
      case "one-permutation":
        return MinHashScheme.ONE_PERMUTATION_V1;
      default:
        throw new UsageException("--scheme must be classic or one-permutation, got '" + scheme + "'");
    }
  }

  /**
   * The pipeline's settings, every option checked first with a message that names it as typed.
   *
   * @throws UsageException for a bad value or combination
   */
  public PipelineConfig config() {
    if ((bands == null) != (rows == null)) {
      throw new UsageException("--bands and --rows go together");
    }
    if (exact && estimate) {
      throw new UsageException("--exact and --estimate exclude each other");
    }
    checkNumbers();
    try {
      PipelineConfig.Builder builder =
          PipelineConfig.builder()
              .threshold(threshold)
              .shingle(shingle())
              .minHash(new MinHashConfig(scheme(), permutations, seed))
              .targetRecall(targetRecall)
              .verify(estimate ? VerifyMode.ESTIMATE : VerifyMode.EXACT)
              .normalizer(new NormalizerConfig(!noNfkc, !noLowercase, stripPunctuation, !noCollapseWhitespace));
      if (bands != null) {
        builder.banding(LshParams.of(bands, rows));
      }
      if (threads != null) {
        builder.threads(threads);
      }
      return builder.build();
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }
}
