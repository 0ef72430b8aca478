package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code similar}: a query that finds nothing says so on stderr; the output stays empty. */
class SimilarWithoutAnswersTest {
  @TempDir Path dir;

  private Path corpus() throws IOException {
    return Files.writeString(
        dir.resolve("in.tsv"),
        "doc1\tThe committee met on Tuesday to discuss the budget for the coming year and the"
            + " roads.\n"
            + "doc2\tSomething completely different is written here, about trains and boats at"
            + " sea.\n"
            + "doc3\tThe committee met on Tuesday to discuss the budget for the coming year and the"
            + " roads!\n");
  }

  @Test
  void aQueryAboveNothingIsNamedOnStderr() throws IOException {
    Path input = corpus();
    CliRunner run = CliRunner.run("similar", "-q", "--top", "5", "--id", "doc2", input.toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out).isEmpty();
    assertThat(run.err)
        .contains(
            "neardup: no answer for 1 of 1 query (doc2): no document has Jaccard similarity >= 0.3")
        .contains("--floor");

    CliRunner containment =
        CliRunner.run(
            "similar",
            "-q",
            "--measure",
            "containment",
            "--text",
            "nothing like it at all",
            input.toString());
    assertThat(containment.out).isEmpty();
    assertThat(containment.err)
        .contains("no answer for 1 of 1 query (text1): no document holds 0.8 of it");
  }

  @Test
  void answeredQueriesAreNotNamed() throws IOException {
    Path input = corpus();
    CliRunner run =
        CliRunner.run(
            "similar", "-q", "--top", "5", "--id", "doc1", "--id", "doc2", input.toString());
    assertThat(run.out).startsWith("doc1\tdoc3\t");
    assertThat(run.err).contains("no answer for 1 of 2 queries (doc2)");
    assertThat(CliRunner.run("similar", "-q", "--id", "doc1", input.toString()).err).isEmpty();
  }
}
