package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.cli.tune.StringShingles;
import org.neardup.minhash.MinHashConfig;
import org.neardup.minhash.MinHashSigner;
import org.neardup.minhash.Signatures;
import org.neardup.options.Formats;
import org.neardup.shingle.ShingleConfig;
import org.neardup.shingle.Shingler;
import org.neardup.text.Normalizer;
import org.neardup.text.NormalizerConfig;

class ExplainCommandTest {
  private static final String FOX = "The quick brown fox jumps over the lazy dog";
  private static final String FOX_JUMPED = "the quick brown fox jumped over the lazy dog";

  @TempDir Path dir;

  /** The numbers explain must print, computed here from string shingle sets and a fresh signer. */
  private static String[] expectedLines(
      String a, String b, ShingleConfig shingle, int bands, int rows) {
    Normalizer normalizer = new Normalizer(NormalizerConfig.DEFAULT);
    Set<String> setA = StringShingles.of(normalizer.normalize(a), shingle);
    Set<String> setB = StringShingles.of(normalizer.normalize(b), shingle);
    Set<String> shared = new HashSet<>(setA);
    shared.retainAll(setB);
    int union = setA.size() + setB.size() - shared.size();
    MinHashSigner signer = MinHashSigner.create(MinHashConfig.DEFAULT);
    Shingler shingler = new Shingler(shingle);
    int[] sigA = signer.sign(shingler.shingle(normalizer.normalize(a)));
    int[] sigB = signer.sign(shingler.shingle(normalizer.normalize(b)));
    int agreeingBands = 0;
    for (int band = 0; band < bands; band++) {
      if (Arrays.equals(sigA, band * rows, (band + 1) * rows, sigB, band * rows, (band + 1) * rows))
        agreeingBands++;
    }
    double estimate = Signatures.estimateSimilarity(sigA, sigB);
    return new String[] {
      String.format(Locale.ROOT, "|A| = %d, |B| = %d", setA.size(), setB.size()),
      String.format(
          Locale.ROOT,
          "|A ∩ B| = %d (only in A: %d, only in B: %d)",
          shared.size(),
          setA.size() - shared.size(),
          setB.size() - shared.size()),
      String.format(Locale.ROOT, "|A ∪ B| = %d", union),
      "exact Jaccard       "
          + Formats.similarity(StringShingles.jaccard(setA, setB))
          + " (= "
          + shared.size()
          + " / "
          + union
          + ")",
      "signature estimate  "
          + Formats.similarity(estimate)
          + " ("
          + Math.round(estimate * 128)
          + " of 128 values agree)",
      "bands agreeing      " + agreeingBands + " of " + bands,
      "LSH candidate       " + (agreeingBands > 0 ? "yes" : "no")
    };
  }

  @Test
  void twoTextsAreExplainedWithTheNumbersOfTheirShingleSets() {
    CliRunner run = CliRunner.run("explain", "--text", FOX, "--text", FOX_JUMPED);
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out).contains(expectedLines(FOX, FOX_JUMPED, ShingleConfig.chars(5), 21, 6));
    // 34 of 45 shingles shared: J = 0.7556 < 0.8, so not reported whatever LSH does
    assertThat(run.out)
        .contains("exact Jaccard       0.755556 (= 34 / 45)")
        .contains("reported by pairs   no");
    assertThat(run.out).contains("A: text 1: " + FOX);
  }

  @Test
  void optionsChangeShinglesAndBandingLikeForPairs() {
    CliRunner run =
        CliRunner.run(
            "explain",
            "--shingle",
            "word:2",
            "--bands",
            "32",
            "--rows",
            "4",
            "--text",
            FOX,
            "--text",
            FOX_JUMPED);
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out).contains(expectedLines(FOX, FOX_JUMPED, ShingleConfig.words(2), 32, 4));
    assertThat(run.out).contains("bands=32 rows=4");
  }

  @Test
  void documentsOfAnInputAreFoundByIdAndTheVerdictMatchesPairs() throws IOException {
    String a = "Cheap flat near the station, two rooms and a kitchen, third floor";
    String b = "Cheap flat near the station, two rooms and a kitchen, fourth floor";
    Path corpus =
        Files.writeString(
            dir.resolve("ads.tsv"),
            "x1\t" + a + "\ny1\tunrelated gardening tools for sale\nx2\t" + b + "\n");
    CliRunner run = CliRunner.run("explain", "--id", "x2", "--id", "x1", corpus.toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out).contains(expectedLines(b, a, ShingleConfig.chars(5), 21, 6));
    assertThat(run.out).contains("A: x2: " + b).contains("B: x1: " + a);
    CliRunner pairs = CliRunner.run("pairs", "-q", corpus.toString());
    boolean reported = pairs.out.startsWith("x1\tx2\t");
    assertThat(run.out).contains("reported by pairs   " + (reported ? "yes" : "no"));
    CliRunner lower =
        CliRunner.run("explain", "-t", "0.5", "--id", "x1", "--id", "y1", corpus.toString());
    assertThat(lower.out).contains("reported by pairs   no");
  }

  @Test
  void anUnknownIdIsABadInputNamingTheId() throws IOException {
    Path corpus = Files.writeString(dir.resolve("c.tsv"), "a\tsome text\nb\tother text\n");
    CliRunner run = CliRunner.run("explain", "--id", "a", "--id", "nope", corpus.toString());
    assertThat(run.exitCode).isEqualTo(2);
    assertThat(run.err)
        .startsWith("neardup: unknown id 'nope'")
        .contains(corpus.toString())
        .hasLineCount(1);
    assertThat(run.out).isEmpty();
  }

  @Test
  void wrongCombinationsAreUsageErrors() throws IOException {
    Path corpus = Files.writeString(dir.resolve("c.tsv"), "a\tsome text\nb\tother text\n");
    assertThat(CliRunner.run("explain", "--id", "a", corpus.toString()).err)
        .isEqualTo("neardup: --id must be given twice, got 1\n");
    assertThat(CliRunner.run("explain", "--id", "a", "--id", "b").err)
        .contains("--id needs the INPUT files");
    assertThat(CliRunner.run("explain", "--id", "a", "--id", "a", corpus.toString()).err)
        .contains("two different documents");
    assertThat(CliRunner.run("explain", "--text", "x", "--text", "y", corpus.toString()).err)
        .contains("INPUT files go with --id");
    assertThat(CliRunner.run("explain", "--text", "x", "--id", "a", corpus.toString()).exitCode)
        .isEqualTo(2);
    assertThat(CliRunner.run("explain", "--text", " ", "--text", "y").err)
        .contains("--text number 1 is empty");
    assertThat(CliRunner.run("explain").exitCode).isEqualTo(2);
  }
}
