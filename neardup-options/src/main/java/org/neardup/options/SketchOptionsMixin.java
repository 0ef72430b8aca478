package org.neardup.options;

import java.util.List;
import org.neardup.minhash.MinHashConfig;
import org.neardup.minhash.MinHashScheme;
import org.neardup.shingle.ShingleConfig;
import org.neardup.sketch.SketchParams;
import org.neardup.text.NormalizerConfig;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** The options that decide how documents are sketched: normalization, shingles, signatures. */
public final class SketchOptionsMixin {
  /** The long names of these options, to tell whether the user set any. */
  private static final List<String> NAMES =
      List.of(
          "--shingle",
          "--permutations",
          "--scheme",
          "--seed",
          "--no-nfkc",
          "--no-lowercase",
          "--strip-punctuation",
          "--no-collapse-whitespace");

  @Spec(Spec.Target.MIXEE)
  CommandSpec command;

  @Option(
      names = "--shingle",
      completionCandidates = ValueCandidates.Shingles.class,
      paramLabel = "UNIT:K",
      defaultValue = "char:5",
      description =
          "char:K (k characters), word:K (k words between Unicode word boundaries, any script) or"
              + " whitespace-word:K (k whitespace-separated words). Default: ${DEFAULT-VALUE}.")
  String shingle;

  @Option(
      names = "--permutations",
      paramLabel = "N",
      defaultValue = "128",
      description = "MinHash signature length. Default: ${DEFAULT-VALUE}.")
  int permutations;

  @Option(
      names = "--scheme",
      completionCandidates = ValueCandidates.Schemes.class,
      paramLabel = "SCHEME",
      defaultValue = "one-permutation",
      description =
          "MinHash scheme: one-permutation (one hash per shingle, optimal densification) or classic"
              + " (n (a x + b) mod p permutations). Default: ${DEFAULT-VALUE}.")
  String scheme;

  @Option(
      names = "--seed",
      paramLabel = "SEED",
      defaultValue = "1",
      description = "MinHash seed. Default: ${DEFAULT-VALUE}.")
  long seed;

  @Option(names = "--no-nfkc", description = "Skip Unicode NFKC normalization.")
  boolean noNfkc;

  @Option(names = "--no-lowercase", description = "Keep letter case.")
  boolean noLowercase;

  @Option(names = "--strip-punctuation", description = "Delete punctuation before shingling.")
  boolean stripPunctuation;

  @Option(names = "--no-collapse-whitespace", description = "Keep whitespace runs as they are.")
  boolean noCollapseWhitespace;

  /**
   * The sketch params these options give.
   *
   * @throws UsageException for a value no params can have
   */
  public SketchParams params() {
    if (permutations < 1 || permutations > MinHashConfig.MAX_PERMUTATIONS) {
      throw new UsageException(
          "--permutations must be in [1, "
              + MinHashConfig.MAX_PERMUTATIONS
              + "], got "
              + permutations);
    }
    MinHashScheme minHashScheme;
    try {
      minHashScheme = MinHashScheme.parse(scheme);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--scheme: " + e.getMessage());
    }
    return new SketchParams(
        new NormalizerConfig(!noNfkc, !noLowercase, stripPunctuation, !noCollapseWhitespace),
        shingle(),
        new MinHashConfig(minHashScheme, permutations, seed));
  }

  private ShingleConfig shingle() {
    try {
      return ShingleConfig.parse(shingle);
    } catch (IllegalArgumentException e) {
      if (e.getMessage().startsWith("invalid shingle")) {
        throw new UsageException(e.getMessage());
      }
      throw new UsageException(
          "--shingle '" + shingle + "': the size must be in [1, " + ShingleConfig.MAX_SIZE + "]");
    }
  }

  /** Whether the user gave any of these options on the command line (rather than the defaults). */
  public boolean anyGiven() {
    var parsed = command.commandLine().getParseResult();
    return NAMES.stream().anyMatch(parsed::hasMatchedOption);
  }
}
