package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.synth.CorpusGenerator;
import org.neardup.synth.GeneratedCorpus;

/**
 * SIGTERM (what {@link Process#destroy()} sends, like Ctrl-C's SIGINT it runs the shutdown hooks)
 * while {@code dedup} has its temporary output open leaves no temporary file or directory behind
 * and the target untouched. Runs the CLI as a real child process on this test's class path.
 */
class SignalCleanupTest {
  private static final int FIRST_SIZE = 8_000;
  private static final int ATTEMPTS = 3;

  @TempDir Path dir;

  @Test
  void sigtermDuringDedupOfAFileLeavesNoTemporaryFileAndTheTargetUntouched() throws Exception {
    Path target = Files.writeString(dir.resolve("clean.tsv"), "previous result\n");
    assertStoppedCleanly(target, false, "previous result\n");
  }

  @Test
  void sigtermDuringDedupOfADirectoryLeavesNoTemporaryDirectory() throws Exception {
    assertStoppedCleanly(dir.resolve("clean"), true, null);
  }

  @Test
  void sigtermWhileDedupCopiesStandardInputDeletesTheCopy() throws Exception {
    Path temporary = Files.createDirectory(dir.resolve("tmp"));
    Path target = dir.resolve("clean.tsv");
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.io.tmpdir=" + temporary,
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName(),
                "dedup",
                "-q",
                "-o",
                target.toString(),
                "-"));
    Path log = dir.resolve("child.log");
    Process process =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    // Standard input stays open: dedup is still copying it when the signal comes.
    process
        .getOutputStream()
        .write(
            "a\tthe quick brown fox jumps over the lazy dog\n"
                .getBytes(java.nio.charset.StandardCharsets.UTF_8));
    process.getOutputStream().flush();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (listing(temporary).isEmpty() && process.isAlive() && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertThat(listing(temporary))
        .as("the copy of standard input, while dedup reads it: " + Files.readString(log))
        .singleElement()
        .satisfies(copy -> assertThat(copy.getFileName().toString()).startsWith("neardup-input-"));
    process.destroy(); // SIGTERM
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("the child ends after SIGTERM").isTrue();
    assertThat(process.exitValue())
        .as("killed by SIGTERM: " + Files.readString(log))
        .isEqualTo(128 + 15);
    assertThat(listing(temporary)).as("the copy of standard input is deleted").isEmpty();
    assertThat(target).doesNotExist();
  }

  private static List<Path> listing(Path directory) throws IOException {
    try (Stream<Path> files = Files.list(directory)) {
      return files.toList();
    }
  }

  /**
   * Starts dedup, sends SIGTERM as soon as its temporary output exists, and checks what is left.
   * Should a run end before the signal, it is repeated on a larger input.
   */
  private void assertStoppedCleanly(Path target, boolean directory, String previousContent)
      throws Exception {
    Path log = dir.resolve("child.log");
    int size = FIRST_SIZE;
    for (int attempt = 0; attempt < ATTEMPTS; attempt++, size *= 3) {
      Path input = directory ? corpusDirectory(size / 10) : corpusFile(size);
      Process process = start(log, "dedup", "-q", "-o", target.toString(), input.toString());
      boolean signalled = false;
      while (process.isAlive()) {
        if (!temporaries().isEmpty()) {
          process.destroy(); // SIGTERM
          signalled = true;
          break;
        }
        Thread.onSpinWait();
      }
      assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("the child ends after SIGTERM").isTrue();
      if (!signalled) {
        assertThat(process.exitValue()).as(Files.readString(log)).isZero();
        assertThat(temporaries()).isEmpty();
        deleteRecursively(target);
        if (previousContent != null) {
          Files.writeString(target, previousContent);
        }
        continue; // finished before the signal: try a larger input
      }
      assertThat(process.exitValue())
          .as("killed by SIGTERM: " + Files.readString(log))
          .isEqualTo(128 + 15);
      assertThat(temporaries()).as("temporary outputs left behind").isEmpty();
      if (previousContent == null) {
        assertThat(target).doesNotExist();
      } else {
        assertThat(Files.readString(target)).isEqualTo(previousContent);
      }
      return;
    }
    throw new AssertionError(
        "dedup finished before SIGTERM on every input size; the test could not signal it");
  }

  private static Process start(Path log, String... args) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(Main.class.getName());
    command.addAll(List.of(args));
    return new ProcessBuilder(command)
        .redirectErrorStream(true)
        .redirectOutput(log.toFile())
        .start();
  }

  /** The temporary outputs under the test directory: hidden names ending in .tmp. */
  private List<Path> temporaries() throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files
          .filter(
              p ->
                  p.getFileName().toString().startsWith(".")
                      && p.getFileName().toString().endsWith(".tmp"))
          .toList();
    }
  }

  private Path corpusFile(int documents) throws IOException {
    GeneratedCorpus corpus = new CorpusGenerator(documents, 0.3, 3, 0.25, 10, 40, 7).generate();
    return GeneratedFiles.tsv(corpus, dir.resolve("in-" + documents + ".tsv"));
  }

  private Path corpusDirectory(int documents) throws IOException {
    GeneratedCorpus corpus = new CorpusGenerator(documents, 0.3, 3, 0.25, 10, 40, 7).generate();
    Path input = Files.createDirectories(dir.resolve("docs-" + documents));
    for (int i = 0; i < corpus.size(); i++) {
      Files.writeString(input.resolve(corpus.ids().get(i) + ".txt"), corpus.texts().get(i));
    }
    return input;
  }

  private static void deleteRecursively(Path path) throws IOException {
    if (!Files.exists(path)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(path)) {
      for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
