package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.index.Match;
import org.neardup.index.SearchSettings;
import org.neardup.server.store.IndexDirectory;

/**
 * {@code pairs --measure containment}, {@code similar}, {@code generate --excerpts}, and
 * tune/explain by containment.
 */
class SearchCommandsTest {
  private static final String ESSAY =
      "The committee met on Tuesday to discuss the budget for the coming year. After a long debate"
          + " about roads, schools and the new library, the members agreed to raise the parking"
          + " fees and to postpone the stadium until the spring.";
  private static final String QUOTE =
      "After a long debate about roads, schools and the new library, the members agreed";

  @TempDir Path dir;

  private Path corpus() throws IOException {
    return Files.writeString(
        dir.resolve("in.tsv"),
        "z-essay\t"
            + ESSAY
            + "\n"
            + "a-quote\t"
            + QUOTE
            + "\n"
            + "m-copy\t"
            + ESSAY
            + "!\n"
            + "q-other\tSomething completely different is written here, about trains and boats.\n");
  }

  @Test
  void pairsByContainmentReportEachPairOnceWithItsDirection() throws IOException {
    Path input = corpus();
    CliRunner run = CliRunner.run("pairs", "--quiet", "--measure", "containment", input.toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    List<String> lines = run.out.lines().toList();
    assertThat(lines).hasSize(3);
    assertThat(lines.get(0)).startsWith("a-quote\tm-copy\t1.000000\ta-in-b");
    assertThat(lines.get(1)).startsWith("a-quote\tz-essay\t1.000000\ta-in-b");
    assertThat(lines.get(2)).matches("m-copy\tz-essay\t1\\.000000\tboth");
    CliRunner exact =
        CliRunner.run("pairs", "--quiet", "--measure", "containment", "--exact", input.toString());
    assertThat(exact.out).isEqualTo(run.out);
    CliRunner jaccard = CliRunner.run("pairs", "--quiet", input.toString());
    assertThat(jaccard.out)
        .isEqualTo("m-copy\tz-essay\t0.995146\n"); // the default output, unchanged
    CliRunner summary = CliRunner.run("pairs", "--measure", "containment", input.toString());
    assertThat(summary.err)
        .contains("containment sample 1 in 4")
        .contains("3 pairs with containment >= 0.8");
  }

  @Test
  void pairsByContainmentRefuseWhatCannotWork() throws IOException {
    Path input = corpus();
    assertThat(CliRunner.run("pairs", "--measure", "cosine", input.toString()).err)
        .contains("--measure must be jaccard or containment");
    assertThat(
            CliRunner.run("pairs", "--measure", "containment", "--estimate", input.toString())
                .exitCode)
        .isEqualTo(2);
    assertThat(
            CliRunner.run(
                    "pairs",
                    "--measure",
                    "containment",
                    "--containment-sampling",
                    "0",
                    input.toString())
                .err)
        .contains("--containment-sampling must be in [1, 65536]");
  }

  @Test
  void similarAnswersTopKByIdAndTextAndContainmentOfAPassage() throws IOException {
    Path input = corpus();
    CliRunner byId =
        CliRunner.run("similar", "-q", "--top", "2", "--id", "z-essay", input.toString());
    assertThat(byId.exitCode).as(byId.toString()).isZero();
    List<String> lines = byId.out.lines().toList();
    assertThat(lines).hasSize(2); // itself left out
    assertThat(lines.get(0)).isEqualTo("z-essay\tm-copy\t0.995146");
    assertThat(lines.get(1))
        .startsWith("z-essay\ta-quote\t0.3"); // below the threshold, above the floor
    CliRunner exact =
        CliRunner.run(
            "similar", "-q", "--top", "2", "--id", "z-essay", "--exact", input.toString());
    assertThat(exact.out).isEqualTo(byId.out);

    CliRunner byText =
        CliRunner.run(
            "similar", "-q", "--measure", "containment", "--text", QUOTE, input.toString());
    // ties in input order
    assertThat(byText.out)
        .isEqualTo("text1\tz-essay\t1.000000\ntext1\ta-quote\t1.000000\ntext1\tm-copy\t1.000000\n");

    Path queries = Files.writeString(dir.resolve("queries.tsv"), "q1\t" + QUOTE + " and so on\n");
    CliRunner fromFile =
        CliRunner.run(
            "similar",
            "--measure",
            "containment",
            "--queries",
            queries.toString(),
            input.toString());
    assertThat(fromFile.out.lines()).allMatch(line -> line.startsWith("q1\t"));
    assertThat(fromFile.err)
        .contains("containment >= 0.8")
        .contains("1 query, ")
        .doesNotContain("1 queries");
  }

  @Test
  void similarRefusesBadQueries() throws IOException {
    Path input = corpus();
    assertThat(CliRunner.run("similar", input.toString()).err).contains("similar needs a query");
    assertThat(CliRunner.run("similar", "--id", "nope", input.toString()).err)
        .contains("unknown id 'nope'");
    assertThat(CliRunner.run("similar", "--text", "x", "--floor", "0.9", input.toString()).err)
        .contains("--floor must be below the threshold");
    assertThat(CliRunner.run("similar", "--text", "x", "--top", "0", input.toString()).err)
        .contains("--top must be at least 1");
    assertThat(CliRunner.run("similar", "--text", " ", input.toString()).err)
        .contains("empty after normalization");
  }

  @Test
  void generateKeepsItsDefaultOutputAndPlantsExcerptsOnRequest() throws Exception {
    Path plain = dir.resolve("plain.tsv");
    assertThat(CliRunner.run("generate", "--documents", "2000", "-o", plain.toString()).exitCode)
        .isZero();
    // the output of 'generate --documents 2000' before excerpts existed
    assertThat(
            HexFormat.of()
                .formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(plain))))
        .isEqualTo("83132a89ba4524de6d1ca3a15a613f981d7599796539654c53dfadfc99845778");
    Path withExcerpts = dir.resolve("excerpts.tsv");
    Path truth = dir.resolve("excerpts.truth");
    CliRunner run =
        CliRunner.run(
            "generate",
            "--documents",
            "600",
            "--min-words",
            "60",
            "--max-words",
            "150",
            "--excerpts",
            "0.5",
            "--truth",
            truth.toString(),
            "-o",
            withExcerpts.toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    List<String> planted = Files.readAllLines(truth);
    assertThat(planted)
        .hasSizeBetween(80, 200)
        .allMatch(line -> line.matches("doc\\d{3}\tdoc\\d{3}"));
    Path found = dir.resolve("found.tsv");
    assertThat(
            CliRunner.run(
                    "pairs",
                    "-q",
                    "--measure",
                    "containment",
                    "-o",
                    found.toString(),
                    withExcerpts.toString())
                .exitCode)
        .isZero();
    CliRunner eval =
        CliRunner.run("eval", "--truth", truth.toString(), "--found", found.toString());
    assertThat(eval.out).contains("recall ");
    assertThat(CliRunner.run("generate", "--excerpts", "2").err)
        .contains("--excerpts must be in [0, 1], got 2");
  }

  @Test
  void tuneAndExplainByContainment() throws IOException {
    Path input = corpus();
    CliRunner tune = CliRunner.run("tune", "--measure", "containment", input.toString());
    assertThat(tune.exitCode).as(tune.toString()).isZero();
    assertThat(tune.out.lines().findFirst()).contains("sampling=4 minimum-query-shingles=21");
    assertThat(tune.out)
        .contains("<- minimum query size")
        .contains("chosen")
        .contains("all 12 ordered pairs");
    CliRunner explain =
        CliRunner.run(
            "explain",
            "--measure",
            "containment",
            "--id",
            "a-quote",
            "--id",
            "z-essay",
            input.toString());
    assertThat(explain.exitCode).as(explain.toString()).isZero();
    assertThat(explain.out)
        .contains("containment A in B  1.000000")
        .contains("reported by pairs   no")
        .contains("reported by pairs --measure containment   yes (a-in-b, candidate and C >= 0.8)");
  }

  @Test
  void indexBuildMakesAnIndexForTopKAndContainmentOnRequest() throws IOException {
    Path input = corpus();
    Path data = dir.resolve("index");
    CliRunner build =
        CliRunner.run(
            "index",
            "build",
            "-q",
            "--data",
            data.toString(),
            "--top-k-floor",
            "0.3",
            "--containment-sampling",
            "4",
            input.toString());
    assertThat(build.exitCode).as(build.toString()).isZero();
    try (IndexDirectory directory = IndexDirectory.open(data, IndexDirectory.Options.existing())) {
      assertThat(directory.settings().search()).isEqualTo(new SearchSettings(0.3, 4));
      assertThat(directory.index().containing(QUOTE, 10))
          .extracting(Match::key)
          .contains("z-essay", "m-copy");
      assertThat(directory.index().top(ESSAY, 3))
          .extracting(Match::key)
          .containsExactly("z-essay", "m-copy", "a-quote");
    }
    CliRunner refused =
        CliRunner.run(
            "index",
            "build",
            "-q",
            "--data",
            dir.resolve("other").toString(),
            "--top-k-floor",
            "0.9",
            input.toString());
    assertThat(refused.err).contains("--top-k-floor must be below the threshold");
  }
}
