package org.neardup.cli.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.neardup.cli.CliRunner.run;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.cli.CliRunner;

/**
 * An index that cannot be written or read as it should is one line and exit 2 (or 3, for a check
 * that finds damage), never a stack trace: on a read-only mount, with a damaged MANIFEST or table,
 * and a data directory whose path cannot be followed, which leaves nothing behind.
 */
class IndexFailuresTest {
  @TempDir Path dir;

  /** The run exited {@code expected} with one line on standard error that holds {@code parts}. */
  private static void assertOneLine(CliRunner run, int expected, String... parts) {
    assertThat(run.exitCode).as(run.toString()).isEqualTo(expected);
    assertThat(run.err).as(run.toString()).startsWith("neardup: ").contains(parts);
    assertThat(run.err.strip().lines().count()).as(run.toString()).isEqualTo(1);
  }

  /** An index of a few documents built in bulk into {@code data} (its tables are table files). */
  private Path build(Path data) throws IOException {
    Path input = dir.resolve("in-" + data.getFileName() + ".tsv");
    Files.writeString(
        input,
        "a1\tSunny two-room flat near Termini station, 800 euro a month\n"
            + "a2\tSunny two-room flat near Termini station, 800 euro a month!\n"
            + "b1\tA studio in Trastevere with a terrace, 650 euro\n",
        StandardCharsets.UTF_8);
    CliRunner built = run("index", "build", "-q", "--data", data.toString(), input.toString());
    assertThat(built.exitCode).as(built.toString()).isZero();
    return data;
  }

  /** Overwrites bytes of every file of {@code data} named by {@code suffix} or prefix. */
  private static void damage(Path data, String name, long at) throws IOException {
    List<Path> files;
    try (Stream<Path> list = Files.list(data)) {
      files =
          list.filter(
                  f ->
                      f.getFileName().toString().endsWith(name)
                          || f.getFileName().toString().startsWith(name))
              .toList();
    }
    assertThat(files).as(name + " files").isNotEmpty();
    for (Path file : files) {
      try (RandomAccessFile bytes = new RandomAccessFile(file.toFile(), "rw")) {
        bytes.seek(Math.min(at, bytes.length() - 8));
        bytes.write("neardup!".getBytes(StandardCharsets.US_ASCII));
      }
    }
  }

  @Test
  void aDataPathThatCannotBeFollowedIsOneLineAndLeavesNothing() throws Exception {
    Path data = Path.of(dir + "/missing/../x");
    assertOneLine(run("serve", "--data", data.toString(), "--port", "0"), 2, "missing");
    assertThat(dir.resolve("missing")).doesNotExist();
    assertThat(dir.resolve("x")).doesNotExist();
    assertOneLine(
        run("index", "build", "--data", data.toString(), "-", "--format", "tsv"), 2, "missing");
    assertThat(dir.resolve("missing")).doesNotExist();
  }

  @Test
  void aDamagedManifestIsOneLine() throws Exception {
    Path data = build(dir.resolve("idx"));
    damage(data, "MANIFEST-", 20);
    assertOneLine(run("index", "check", "--data", data.toString()), 2, data.toString());
    assertOneLine(run("index", "stats", "--data", data.toString()), 2, data.toString());
  }

  @Test
  void aDamagedTableIsAProblemTheCheckListsWithExitCode3() throws Exception {
    Path data = build(dir.resolve("idx"));
    damage(data, ".sst", 8);
    CliRunner check = run("index", "check", "--data", data.toString());
    assertThat(check.exitCode).as(check.toString()).isEqualTo(3);
    assertThat(check.out).as(check.toString()).contains("problem: ").contains("cannot read");
    assertThat(check.err).isEmpty();
  }

  @Test
  void anIndexOnAReadOnlyMountIsOneLineToWriteAndReadsAsBefore() throws Exception {
    Path mount = Files.createDirectories(dir.resolve("ro"));
    Assumptions.assumeTrue(
        command("mount", "-t", "tmpfs", "-o", "size=64m", "tmpfs", mount.toString()) == null,
        "cannot mount a tmpfs (needs root): skipping the read-only mount");
    try {
      Path data = build(mount.resolve("idx"));
      String remounted = command("mount", "-o", "remount,ro", mount.toString());
      assertThat(remounted).as("remount read-only").isNull();
      assertOneLine(
          run("serve", "--data", data.toString(), "--port", "0"), 2, data.toString(), "read-only");
      CliRunner stats = run("index", "stats", "--data", data.toString());
      assertThat(stats.exitCode).as(stats.toString()).isZero();
      assertThat(stats.out).contains("documents             3");
      CliRunner check = run("index", "check", "--data", data.toString());
      assertThat(check.exitCode).as(check.toString()).isZero();
      assertOneLine(
          run("index", "backup", "--data", data.toString(), "--to", dir.resolve("copy").toString()),
          2,
          data.toString(),
          "read-only");
    } finally {
      command("umount", mount.toString());
    }
  }

  /** Runs a command: null when it succeeded, else what it said. */
  private static String command(String... command) throws IOException, InterruptedException {
    Process process;
    try {
      process = new ProcessBuilder(command).redirectErrorStream(true).start();
    } catch (IOException e) {
      return e.getMessage();
    }
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      return "timed out";
    }
    return process.exitValue() == 0 ? null : "exit " + process.exitValue() + ": " + output;
  }
}
