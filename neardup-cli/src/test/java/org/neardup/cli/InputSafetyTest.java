package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.input.InputException;
import org.neardup.io.InputSnapshot;

/**
 * Inputs that cannot be read as the commands need: a pipe given to a command that reads its input
 * twice (dedup, report, explain), the same file given twice, a file that changes between the two
 * reads, a file that cannot be read.
 */
class InputSafetyTest {
  private static final String CORPUS =
      "a\tthe same words here\nb\tthe same words here\nc\tsomething else entirely\n";

  @TempDir Path dir;

  private Path fifo() throws IOException, InterruptedException {
    Path fifo = dir.resolve("pipe.tsv");
    Process mkfifo;
    try {
      mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
    } catch (IOException e) {
      assumeTrue(false, "mkfifo is not available");
      throw e;
    }
    assumeTrue(mkfifo.waitFor() == 0 && Files.exists(fifo), "mkfifo failed");
    return fifo;
  }

  @Test
  void aPipeIsReadOnceByTheCommandsThatReadTheirInputTwice() throws Exception {
    Path pipe = fifo();
    Path file = Files.writeString(dir.resolve("in.tsv"), CORPUS);
    assertThat(
            CliRunner.run(
                    "dedup", "-q", "-o", dir.resolve("from-file.tsv").toString(), file.toString())
                .exitCode)
        .isZero();
    String[][] commands = {
      {"dedup", "-q", "-o", dir.resolve("clean.tsv").toString(), pipe.toString()},
      {"report", "-q", "-o", dir.resolve("report.html").toString(), pipe.toString()},
      {"explain", "--id", "a", "--id", "b", pipe.toString()}
    };
    for (String[] command : commands) {
      Thread writer =
          new Thread(
              () -> {
                try {
                  Files.writeString(pipe, CORPUS); // blocks until the command opens the pipe
                } catch (IOException e) {
                  throw new java.io.UncheckedIOException(e);
                }
              });
      writer.start();
      CliRunner run = CliRunner.run(command);
      writer.join(10_000);
      assertThat(run.exitCode).as(run.toString()).isZero();
    }
    assertThat(Files.readString(dir.resolve("clean.tsv")))
        .isEqualTo(Files.readString(dir.resolve("from-file.tsv")))
        .hasLineCount(2); // b, a duplicate of a, removed
    assertThat(Files.readString(dir.resolve("report.html"))).contains(pipe + " (tsv)");
  }

  @Test
  void theSameInputGivenTwiceIsRefused() throws IOException {
    Path input = Files.writeString(dir.resolve("in.tsv"), CORPUS);
    Path link = Files.createSymbolicLink(dir.resolve("link.tsv"), input);
    for (String command : new String[] {"pairs", "dedup"}) {
      CliRunner run =
          command.equals("dedup")
              ? CliRunner.run(
                  "dedup",
                  "-q",
                  "-o",
                  dir.resolve("clean.tsv").toString(),
                  input.toString(),
                  link.toString())
              : CliRunner.run("pairs", "-q", input.toString(), link.toString());
      assertThat(run.exitCode).as(run.toString()).isEqualTo(2);
      assertThat(run.err.strip())
          .isEqualTo("neardup: " + link + ": the same file as " + input + ": give each input once");
    }
    assertThat(dir.resolve("clean.tsv")).doesNotExist();
  }

  @Test
  void aFileThatChangesBetweenTheTwoReadsIsAnError() throws IOException {
    Path input = Files.writeString(dir.resolve("in.tsv"), CORPUS);
    InputSnapshot snapshot = InputSnapshot.of(List.of(input));
    snapshot.checkUnchanged();
    Files.writeString(input, CORPUS + "d\tone more\n");
    assertThatThrownBy(snapshot::checkUnchanged)
        .isInstanceOf(InputException.class)
        .hasMessage(
            input
                + ": changed while neardup was reading it; run again on a file that is not being"
                + " written");
    InputSnapshot again = InputSnapshot.of(List.of(input));
    Files.setLastModifiedTime(
        input, FileTime.fromMillis(Files.getLastModifiedTime(input).toMillis() + 5000));
    assertThatThrownBy(again::checkUnchanged)
        .hasMessageContaining("changed while neardup was reading it");
  }

  @Test
  void anUnreadableInputSaysPermissionDenied() throws IOException {
    assumeFalse(
        "root".equals(System.getProperty("user.name")), "root reads files without read permission");
    Path input = Files.writeString(dir.resolve("secret.tsv"), CORPUS);
    Files.setPosixFilePermissions(input, PosixFilePermissions.fromString("---------"));
    CliRunner run = CliRunner.run("pairs", "-q", input.toString());
    assertThat(run.exitCode).as(run.toString()).isEqualTo(2);
    assertThat(run.err.strip()).isEqualTo("neardup: " + input + ": permission denied");
  }

  @Test
  void aDedupCopyStillMatchesWhatWasReadWhenTheInputIsUntouched() throws IOException {
    Path input = Files.writeString(dir.resolve("in.tsv"), CORPUS);
    Path clean = dir.resolve("clean.tsv");
    CliRunner run = CliRunner.run("dedup", "-q", "-o", clean.toString(), input.toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(Files.readString(clean))
        .isEqualTo("a\tthe same words here\nc\tsomething else entirely\n");
  }
}
