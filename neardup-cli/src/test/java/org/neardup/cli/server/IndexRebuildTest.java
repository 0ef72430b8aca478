package org.neardup.cli.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.neardup.cli.CliRunner.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.cli.CliRunner;
import org.neardup.index.Match;
import org.neardup.server.store.IndexDirectory;

/**
 * An index gains a top-k floor or containment by rebuilding itself from the documents it holds;
 * opening it with options it was not built for says so, and what the stored settings are.
 */
class IndexRebuildTest {
  private static final String BASE =
      "Sunny two-room flat near Termini station, fourth floor with a lift, bright kitchen, double"
          + " bedroom, new bathroom, balcony over the courtyard, 800 euro a month, furnished";

  @TempDir Path dir;

  private Path builtIndex() throws IOException {
    Path corpus =
        Files.writeString(
            dir.resolve("ads.tsv"),
            "ad-1\t"
                + BASE
                + "\n"
                + "ad-2\t"
                + BASE.replace("fourth floor with a lift", "second floor, no lift")
                    .replace("800", "750")
                + "\n"
                + "ad-3\tQuiet studio in Trastevere for a single person, garden access, 650"
                + " euro\n");
    Path data = dir.resolve("idx");
    CliRunner build = run("index", "build", "-q", "--data", data.toString(), corpus.toString());
    assertThat(build.exitCode).as(build.err).isZero();
    return data;
  }

  @Test
  void anIndexWithoutAFloorSaysSoAndGainsOneByRebuildingItself() throws IOException {
    Path data = builtIndex();
    CliRunner serve =
        run("serve", "--data", data.toString(), "--port", "0", "--top-k-floor", "0.3");
    assertThat(serve.exitCode).isEqualTo(2);
    assertThat(serve.err)
        .contains("top-k floor: none (top-k down to the threshold 0.8) vs 0.3")
        .contains("neardup index rebuild --data " + data + " --top-k-floor 0.3");

    String query = BASE.replace("with a lift", "with lift");
    try (IndexDirectory before = IndexDirectory.openReadOnly(data)) {
      assertThat(before.index().top(query, 3)).extracting(Match::key).containsExactly("ad-1");
    }

    CliRunner rebuild = run("index", "rebuild", "--data", data.toString(), "--top-k-floor", "0.3");
    assertThat(rebuild.exitCode).as(rebuild.err).isZero();
    assertThat(rebuild.err).contains("rebuilt " + data + " from its 3 documents", "floor 0.3");
    try (Stream<Path> beside = Files.list(dir)) {
      assertThat(beside.map(p -> p.getFileName().toString()))
          .containsExactlyInAnyOrder("ads.tsv", "idx");
    }
    assertThat(run("index", "stats", "--data", data.toString()).out)
        .contains("documents             3\n", "top-k floor           0.3\n");
    assertThat(run("index", "check", "--data", data.toString()).out).endsWith("ok\n");
    try (IndexDirectory after = IndexDirectory.open(data, IndexDirectory.Options.existing())) {
      List<Match<String>> top = after.index().top(query, 3);
      assertThat(top).extracting(Match::key).startsWith("ad-1", "ad-2");
      assertThat(top.get(1).similarity()).isBetween(0.3, 0.8);
      assertThat(after.index().text("ad-3")).isPresent(); // texts kept
    }
  }

  @Test
  void containmentIsGainedTooAndTheSameSettingsAreNothingToDo() throws IOException {
    Path data = builtIndex();
    CliRunner rebuild =
        run("index", "rebuild", "--data", data.toString(), "--containment-sampling", "4");
    assertThat(rebuild.exitCode).as(rebuild.err).isZero();
    assertThat(run("index", "check", "--data", data.toString()).out).endsWith("ok\n");
    try (IndexDirectory after = IndexDirectory.open(data, IndexDirectory.Options.existing())) {
      assertThat(after.index().containing("balcony over the courtyard, 800 euro a month", 10))
          .extracting(Match::key)
          .contains("ad-1");
    }
    CliRunner again =
        run("index", "rebuild", "--data", data.toString(), "--containment-sampling", "4");
    assertThat(again.exitCode).isZero();
    assertThat(again.err).contains("nothing to do");
  }

  @Test
  void aServedIndexIsNotRebuiltUnderTheService() throws Exception {
    Path data = builtIndex();
    try (ServerProcess server = ServerProcess.start(data, dir.resolve("serve.log"))) {
      CliRunner rebuild =
          run("index", "rebuild", "--data", data.toString(), "--top-k-floor", "0.3");
      assertThat(rebuild.exitCode).isEqualTo(2);
      assertThat(rebuild.err).contains("a running service holds the index");
      server.terminate();
    }
  }
}
