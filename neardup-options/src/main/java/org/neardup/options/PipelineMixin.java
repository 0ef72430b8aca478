package org.neardup.options;

import java.io.PrintWriter;
import org.neardup.config.PipelineConfig;
import org.neardup.lsh.LshParams;
import org.neardup.sketch.SketchParams;
import org.neardup.verify.VerifyMode;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The options that decide which pairs are found. */
public final class PipelineMixin {
  /** The most worker threads: more than enough for any machine, few enough to start. */
  static final int MAX_THREADS = 1024;

  /** How documents are sketched. */
  @Mixin public SketchOptionsMixin sketch;

  @Option(
      names = {"-t", "--threshold"},
      paramLabel = "T",
      defaultValue = "0.8",
      description =
          "Report pairs with Jaccard similarity >= T, in (0, 1]. Default: ${DEFAULT-VALUE}.")
  double threshold;

  @Option(
      names = "--bands",
      paramLabel = "B",
      description =
          "LSH bands (with --rows); default: chosen from the threshold and --target-recall.")
  Integer bands;

  @Option(names = "--rows", paramLabel = "R", description = "LSH rows per band (with --bands).")
  Integer rows;

  @Option(
      names = "--target-recall",
      paramLabel = "P",
      defaultValue = "0.99",
      description =
          "Lowest candidate probability at the threshold when choosing bands and rows. Default:"
              + " ${DEFAULT-VALUE}.")
  double targetRecall;

  @Option(
      names = "--exact",
      description = "Exact all-pairs join instead of LSH: 100%% recall, slower.")
  public boolean exact;

  @Option(
      names = "--lsh",
      description =
          "Always LSH. Without it (or --exact, or --max-candidates), when LSH would examine"
              + " 20000000 candidate pairs or more (and over 100 a document when the shingle sets"
              + " did not fit in memory), the exact join is estimated from a sample of 4000"
              + " documents and the cheaper of the two runs.")
  public boolean lsh;

  @Option(
      names = "--estimate",
      description =
          "Confirm candidates by signature agreement instead of exact Jaccard (no shingle sets"
              + " kept; approximate).")
  boolean estimate;

  @Option(
      names = "--max-candidates",
      paramLabel = "N",
      description =
          "Stop (exit 2) before the pair phase when LSH would examine more than N candidate pairs,"
              + " counted from the bucket sizes. Default: no limit; above 50000000 a warning.")
  Long maxCandidates;

  @Option(
      names = "--threads",
      paramLabel = "N",
      description = "Worker threads, in [1, 1024]. Default: all processors.")
  Integer threads;

  /** The settings these options give. */
  public PipelineConfig config() {
    return config(sketch.params(), estimate);
  }

  /**
   * The long names of the options here that are not sketch options, to tell whether any was given.
   */
  private static final java.util.List<String> NAMES =
      java.util.List.of("--threshold", "--bands", "--rows", "--target-recall", "--estimate");

  /**
   * Whether the user gave any of these options (sketch options included) rather than the defaults:
   * settings given explicitly must agree with a stored index's.
   */
  public boolean anyGiven() {
    var parsed = sketch.command.commandLine().getParseResult();
    return sketch.anyGiven() || NAMES.stream().anyMatch(parsed::hasMatchedOption);
  }

  /**
   * Whether the user gave any of the options here that are not sketch options (threshold, banding,
   * target recall, --estimate): an index's are taken only when none was given.
   */
  public boolean settingsGiven() {
    var parsed = sketch.command.commandLine().getParseResult();
    return NAMES.stream().anyMatch(parsed::hasMatchedOption);
  }

  /**
   * Warns on {@code err} of each of {@code names} given on the command line, which {@code command}
   * accepts (they are options of every pipeline) but does not use: {@code neardup: warning: --lsh
   * has no effect on similar (WHY)}.
   */
  public void warnUnused(PrintWriter err, String command, String why, String... names) {
    var parsed = sketch.command.commandLine().getParseResult();
    for (String name : names) {
      if (parsed.hasMatchedOption(name)) {
        err.println(
            "neardup: warning: " + name + " has no effect on " + command + " (" + why + ")");
      }
    }
    err.flush();
  }

  /**
   * Warns on {@code err} of the banding options given with {@code --exact}, whose join compares
   * every pair without banding.
   */
  public void warnBandingUnusedByExact(PrintWriter err) {
    if (exact) {
      warnUnused(
          err,
          sketch.command.commandLine().getCommandName() + " --exact",
          "the exact join compares every pair, without banding",
          "--bands",
          "--rows",
          "--target-recall");
    }
  }

  /** The most candidate pairs LSH may examine (--max-candidates), or null for no limit. */
  public Long maxCandidates() {
    return maxCandidates;
  }

  private void checkNumbers(int permutations) {
    if (!(threshold > 0 && threshold <= 1)) {
      throw new UsageException("threshold must be in (0, 1], got " + Formats.plain(threshold));
    }
    if (!(targetRecall > 0 && targetRecall < 1)) {
      throw new UsageException(
          "--target-recall must be in (0, 1), got " + Formats.plain(targetRecall));
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
        throw new UsageException(
            "--bands "
                + bands
                + " with --rows "
                + rows
                + " needs "
                + needed
                + " signature values, but --permutations is "
                + permutations);
      }
    }
  }

  /** Whether {@code --estimate} was given. */
  public boolean estimate() {
    return estimate;
  }

  /**
   * These options' settings with other sketch params (those of a signature file) and, when {@code
   * estimate}, estimate-only verification.
   */
  public PipelineConfig config(SketchParams sketchParams, boolean estimate) {
    if ((bands == null) != (rows == null)) {
      throw new UsageException("--bands and --rows go together");
    }
    if (exact && lsh) {
      throw new UsageException("--exact and --lsh exclude each other");
    }
    if (exact && estimate) {
      throw new UsageException("--exact and --estimate exclude each other");
    }
    checkNumbers(sketchParams.numPermutations());
    try {
      PipelineConfig.Builder builder =
          PipelineConfig.builder()
              .threshold(threshold)
              .normalizer(sketchParams.normalizer())
              .shingle(sketchParams.shingle())
              .minHash(sketchParams.minHash())
              .targetRecall(targetRecall)
              .verify(estimate ? VerifyMode.ESTIMATE : VerifyMode.EXACT);
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
