package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.testkit.SmallDisk;

/**
 * The CLI on a full disk (a small tmpfs): one line naming the directory and exit 2, never a stack
 * trace; {@code index stats} and {@code index check} write nothing; a backup inside the data
 * directory is refused.
 */
class FullDiskTest {
  @TempDir static Path dir;
  private static Path corpus;

  @BeforeAll
  static void generate() {
    corpus = dir.resolve("corpus.tsv");
    CliRunner generate =
        CliRunner.run("generate", "--documents", "20000", "-q", "-o", corpus.toString());
    assertThat(generate.exitCode).as(generate.toString()).isZero();
  }

  @Test
  void onAFullDiskBuildAndServeSayItInOneLineAndStatsAndCheckWriteNothing() throws Exception {
    try (SmallDisk disk = SmallDisk.mount(mountPoint("index"), 8)) {
      Path data = disk.root().resolve("idx");
      CliRunner build =
          CliRunner.run("index", "build", "-q", "--data", data.toString(), corpus.toString());
      assertThat(build.exitCode).as(build.toString()).isEqualTo(2);
      assertThat(build.err)
          .startsWith("neardup: " + data + ": no space left on device")
          .contains("nothing of this build is in the index");
      assertThat(build.err.strip().lines()).hasSize(1);
      assertThat(data.resolve("bulk-load.tmp")).doesNotExist();

      disk.fillUp();
      String before = listing(data);
      CliRunner stats = CliRunner.run("index", "stats", "--data", data.toString());
      assertThat(stats.exitCode).as(stats.toString()).isZero();
      assertThat(stats.out).contains("documents             0\n");
      CliRunner check = CliRunner.run("index", "check", "--data", data.toString());
      assertThat(check.exitCode).as(check.toString()).isZero();
      assertThat(check.out).endsWith("ok\n");
      assertThat(listing(data)).as("nothing written by stats and check").isEqualTo(before);

      CliRunner serve = CliRunner.run("serve", "--data", data.toString(), "--port", "0");
      assertThat(serve.exitCode).as(serve.toString()).isEqualTo(2);
      assertThat(serve.err).startsWith("neardup: " + data + ": no space left on device");
      assertThat(serve.err.strip().lines()).hasSize(1);
      try (Stream<Path> files = Files.list(data)) {
        assertThat(files.map(Path::toString)).noneMatch(name -> name.endsWith(".sst"));
      }

      disk.free();
      assertThat(CliRunner.run("index", "check", "--data", data.toString()).exitCode).isZero();
    }
  }

  @Test
  void pairsNamesTheFullTemporaryDirectory() throws Exception {
    try (SmallDisk disk = SmallDisk.mount(mountPoint("spill"), 1)) {
      Path log = dir.resolve("pairs.log");
      Process process =
          new ProcessBuilder(
                  Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                  "-Xmx40m",
                  "-Djava.io.tmpdir=" + disk.root(),
                  "-cp",
                  System.getProperty("java.class.path"),
                  "org.neardup.cli.Main",
                  "pairs",
                  corpus.toString(),
                  "-o",
                  dir.resolve("pairs.tsv").toString())
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
      String output = Files.readString(log, StandardCharsets.UTF_8);
      assertThat(process.exitValue()).as(output).isEqualTo(2);
      assertThat(output.strip())
          .isEqualTo(
              "neardup: "
                  + disk.root()
                  + ": cannot write a temporary file (java.io.tmpdir): No space left on device");
    }
  }

  @Test
  void dedupOfStandardInputNamesTheFullTemporaryDirectoryAndLeavesNoCopy() throws Exception {
    try (SmallDisk disk = SmallDisk.mount(mountPoint("stdin"), 1)) {
      Path log = dir.resolve("dedup.log");
      Path clean = dir.resolve("clean.tsv");
      Process process =
          new ProcessBuilder(
                  Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                  "-Djava.io.tmpdir=" + disk.root(),
                  "-cp",
                  System.getProperty("java.class.path"),
                  "org.neardup.cli.Main",
                  "dedup",
                  "-q",
                  "-o",
                  clean.toString(),
                  "-")
              .redirectInput(corpus.toFile())
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
      String output = Files.readString(log, StandardCharsets.UTF_8);
      assertThat(process.exitValue()).as(output).isEqualTo(2);
      assertThat(output.strip())
          .isEqualTo(
              "neardup: "
                  + disk.root()
                  + ": cannot write a temporary file (java.io.tmpdir): No space left on device");
      assertThat(clean).doesNotExist();
      try (Stream<Path> files = Files.list(disk.root())) {
        assertThat(files).as("the copy of standard input is deleted").isEmpty();
      }
    }
  }

  @Test
  void aBackupInsideTheDataDirectoryIsRefused() throws IOException {
    Path small = dir.resolve("small.tsv");
    Files.write(
        small,
        Files.readAllLines(corpus, StandardCharsets.UTF_8).subList(0, 200),
        StandardCharsets.UTF_8);
    Path data = dir.resolve("backed-up");
    assertThat(
            CliRunner.run("index", "build", "-q", "--data", data.toString(), small.toString())
                .exitCode)
        .isZero();
    Path link = Files.createSymbolicLink(dir.resolve("link"), data);
    for (Path inside :
        List.of(data.resolve("inside"), data.resolve("a/b"), link.resolve("inside"))) {
      CliRunner backup =
          CliRunner.run("index", "backup", "--data", data.toString(), "--to", inside.toString());
      assertThat(backup.exitCode).as(backup.toString()).isEqualTo(2);
      assertThat(backup.err).contains("is inside the data directory").contains("put it elsewhere");
      assertThat(inside).doesNotExist();
    }
    CliRunner beside =
        CliRunner.run(
            "index", "backup", "--data", data.toString(), "--to", dir.resolve("copy").toString());
    assertThat(beside.exitCode).as(beside.toString()).isZero();
  }

  /** A fresh directory under target/ to mount a tmpfs on. */
  private static Path mountPoint(String name) {
    return Path.of("target", "full-disk-" + name + "-" + System.nanoTime()).toAbsolutePath();
  }

  /** Each file's name, size and modification time. */
  private static String listing(Path directory) throws IOException {
    try (Stream<Path> files = Files.list(directory)) {
      return files
          .sorted()
          .map(
              file -> {
                try {
                  BasicFileAttributes attributes =
                      Files.readAttributes(file, BasicFileAttributes.class);
                  return file.getFileName()
                      + " "
                      + attributes.size()
                      + " "
                      + attributes.lastModifiedTime();
                } catch (IOException e) {
                  throw new java.io.UncheckedIOException(e);
                }
              })
          .collect(Collectors.joining("\n"));
    }
  }
}
