package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a first run meets: usage errors in one line, an unknown command, the demo's files. */
class FirstRunTest {
  @TempDir Path dir;
  private String savedTemporary;

  @BeforeEach
  void useOwnTemporaryDirectory() throws IOException {
    savedTemporary = System.getProperty("java.io.tmpdir");
    System.setProperty("java.io.tmpdir", Files.createDirectory(dir.resolve("tmp")).toString());
  }

  @AfterEach
  void restoreTemporaryDirectory() {
    System.setProperty("java.io.tmpdir", savedTemporary);
  }

  private Path corpus() throws IOException {
    return Files.writeString(
        dir.resolve("c.tsv"),
        "a\tthe quick brown fox jumps over the lazy dog\n"
            + "b\tthe quick brown fox jumps over the lazy dog!\n");
  }

  @Test
  void dedupWithoutOutputSaysSoInOneLineNamingTheOption() throws IOException {
    CliRunner run = CliRunner.run("dedup", corpus().toString());
    assertThat(run.exitCode).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(run.err.strip().lines()).as(run.toString()).hasSize(1);
    assertThat(run.err).contains("dedup needs -o/--output CLEAN", "neardup dedup --help");
    assertThat(run.out).isEmpty();
  }

  @Test
  void anUnknownOptionIsOneLineWithWhereTheOptionsAreListed() throws IOException {
    CliRunner run = CliRunner.run("pairs", "--treshold", "0.5", corpus().toString());
    assertThat(run.exitCode).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(run.err.strip().lines()).as(run.toString()).hasSize(1);
    assertThat(run.err).contains("--treshold", "--threshold", "neardup pairs --help");
  }

  @Test
  void anUnknownCommandIsAnErrorNamingItEvenWithHelp() {
    for (List<String> args : List.of(List.of("nosuch", "--help"), List.of("nosuch"))) {
      CliRunner run = CliRunner.run(args.toArray(String[]::new));
      assertThat(run.exitCode).as(run.toString()).isEqualTo(ExitCodes.BAD_INPUT);
      assertThat(run.err).contains("unknown command 'nosuch'", "neardup --help");
      assertThat(run.out).isEmpty();
    }
    CliRunner misspelt = CliRunner.run("dedpu", "--help");
    assertThat(misspelt.exitCode).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(misspelt.err).contains("unknown command 'dedpu'", "dedup");
  }

  @Test
  void theDemoLeavesNothingInTheTemporaryDirectoryAndSaysHowToRepeatIt() throws IOException {
    CliRunner run = CliRunner.run("demo", "--documents", "200");
    assertThat(run.exitCode).as(run.toString()).isZero();
    try (Stream<Path> left = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
      assertThat(left).isEmpty();
    }
    assertThat(run.out)
        .contains("./neardup generate --documents 200 --seed 42 -o corpus.tsv")
        .contains("--dir DIR keeps them");

    Path kept = dir.resolve("demo");
    CliRunner withDir = CliRunner.run("demo", "--documents", "200", "--dir", kept.toString());
    assertThat(withDir.exitCode).as(withDir.toString()).isZero();
    assertThat(kept.resolve("corpus.tsv")).exists();
    assertThat(withDir.out).contains("./neardup pairs " + kept.resolve("corpus.tsv"));
    // the corpus the demo names is the one generate writes
    Path generated = dir.resolve("generated.tsv");
    CliRunner generate =
        CliRunner.run("generate", "-q", "--documents", "200", "-o", generated.toString());
    assertThat(generate.exitCode).as(generate.toString()).isZero();
    assertThat(Files.readString(generated)).isEqualTo(Files.readString(kept.resolve("corpus.tsv")));
  }
}
