package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * No command overwrites one of its inputs, writes into a file it cannot finish, or reports success
 * for output that was lost: every writing command is checked with the same cases.
 */
class OutputSafetyTest {
  private static final String CORPUS =
      "a\tthe same text for both of them\nb\tthe same text for both of them\n";

  @TempDir Path dir;

  /** Each command that writes a file with -o, its arguments before INPUT. */
  private static String[] command(String name, Path output) {
    switch (name) {
      case "pairs":
      case "clusters":
      case "report":
        return new String[] {name, "-q", "-o", output.toString()};
      case "dedup":
        return new String[] {name, "-q", "-o", output.toString()};
      case "tune":
        return new String[] {name, "--plot", output.toString()};
      default:
        throw new IllegalArgumentException(name);
    }
  }

  private static CliRunner run(String name, Path output, Path... inputs) {
    String[] head = command(name, output);
    String[] all =
        Stream.concat(Stream.of(head), Stream.of(inputs).map(Path::toString))
            .toArray(String[]::new);
    return CliRunner.run(all);
  }

  private static void assertRefused(CliRunner run, String expectedMessagePart) {
    assertThat(run.exitCode).as(run.toString()).isEqualTo(2);
    assertThat(run.err).as(run.toString()).startsWith("neardup: ").contains(expectedMessagePart);
    assertThat(run.err.strip().lines().count()).as(run.toString()).isEqualTo(1);
  }

  private List<Path> leftovers() throws IOException {
    try (Stream<Path> walk = Files.walk(dir)) {
      return walk.filter(
              p ->
                  p.getFileName().toString().endsWith(".tmp")
                      || p.getFileName().toString().startsWith("."))
          .toList();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"pairs", "clusters", "dedup", "report"})
  void anOutputThatIsTheInputIsRefusedBeforeAnyWork(String command) throws IOException {
    Path input = Files.writeString(dir.resolve("same.tsv"), CORPUS);
    assertRefused(run(command, input, input), "is also an input");
    assertThat(Files.readString(input)).isEqualTo(CORPUS);
    assertThat(leftovers()).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"pairs", "clusters", "dedup", "report"})
  void theInputIsRecognisedThroughARelativePathASymlinkAndAHardLink(String command)
      throws IOException {
    Path input = Files.writeString(dir.resolve("in.tsv"), CORPUS);
    Path other = Files.writeString(dir.resolve("other.tsv"), "c\tsomething else entirely here\n");
    Path relative = Path.of("").toAbsolutePath().relativize(input);
    Path symlink = Files.createSymbolicLink(dir.resolve("link.tsv"), input);
    Path hardLink = Files.createLink(dir.resolve("hard.tsv"), input);
    for (Path output : new Path[] {relative, symlink, hardLink}) {
      // The input last of two, so that "before any work" means before reading the first.
      assertRefused(run(command, output, other, input), "is also an input");
      assertThat(Files.readString(input)).isEqualTo(CORPUS);
    }
    assertThat(Files.isSymbolicLink(symlink)).isTrue();
    assertThat(leftovers()).isEmpty();
  }

  @Test
  void tunePlotAndGenerateAreCheckedToo() throws IOException {
    Path input = Files.writeString(dir.resolve("in.svg"), CORPUS);
    assertRefused(
        CliRunner.run("tune", "--format", "tsv", "--plot", input.toString(), input.toString()),
        "is also an input");
    assertThat(Files.readString(input)).isEqualTo(CORPUS);
    Path missing = dir.resolve("no/such/dir/corpus.tsv");
    assertRefused(
        CliRunner.run("generate", "--documents", "10", "-o", missing.toString()), "does not exist");
  }

  @Test
  void dedupOfADirectoryRefusesAnOutputInsideTheInputDirectory() throws IOException {
    Path input = Files.createDirectories(dir.resolve("docs"));
    Files.writeString(input.resolve("a.txt"), "the same text for both of them");
    Files.writeString(input.resolve("b.txt"), "the same text for both of them");
    assertRefused(
        CliRunner.run("dedup", "-q", "-o", input.resolve("clean").toString(), input.toString()),
        "inside the input directory");
    assertRefused(
        CliRunner.run(
            "pairs",
            "-q",
            "--format",
            "dir",
            "-o",
            input.resolve("pairs.tsv").toString(),
            input.toString()),
        "inside the input directory");
    try (Stream<Path> files = Files.list(input)) {
      assertThat(files.map(p -> p.getFileName().toString()).sorted().toList())
          .containsExactly("a.txt", "b.txt");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"pairs", "clusters", "dedup", "report", "tune"})
  void aMissingOutputDirectoryIsReportedBeforeAnyWork(String command) throws IOException {
    Path input = Files.writeString(dir.resolve("in.tsv"), CORPUS);
    Path bad = Files.writeString(dir.resolve("bad.tsv"), "a\tfine\nno tab here\n");
    Path output = dir.resolve("missing/out." + (command.equals("tune") ? "svg" : "tsv"));
    // The output problem is found before the bad input would be.
    assertRefused(run(command, output, input, bad), "missing/out");
    assertThat(run(command, output, input, bad).err)
        .contains("directory")
        .contains("does not exist");
    assertThat(leftovers()).isEmpty();
  }

  @Test
  void anOutputUnderAFileSaysThatTheFileIsNotADirectory() throws IOException {
    Path input = Files.writeString(dir.resolve("in.tsv"), CORPUS);
    Path file = Files.writeString(dir.resolve("plain.txt"), "x");
    assertRefused(
        CliRunner.run("pairs", "-q", "-o", file.resolve("out.tsv").toString(), input.toString()),
        "cannot write: " + file + " is not a directory");
  }

  @Test
  void dashIsStandardOutputWhereOutputCanBeTextAndRefusedWhereItMustBeAFile() throws IOException {
    Path input = Files.writeString(dir.resolve("in.tsv"), CORPUS);
    Path dash =
        Path.of("-"); // relative to the working directory, where a file named "-" would land
    for (String command : List.of("pairs", "clusters")) {
      CliRunner run = CliRunner.run(command, "-q", "-o", "-", input.toString());
      assertThat(run.exitCode).as(run.toString()).isZero();
      assertThat(run.out)
          .as(run.toString())
          .isEqualTo(CliRunner.run(command, "-q", input.toString()).out)
          .contains("a\tb");
    }
    assertRefused(
        CliRunner.run("dedup", "-q", "-o", "-", input.toString()),
        "the deduplicated copy is written to a file");
    assertRefused(
        CliRunner.run("sign", "-q", "-o", "-", input.toString()),
        "the signature file is written to a file");
    // generate's planted excerpts: standard output when the corpus goes to a file, refused when
    // both would
    Path corpus = dir.resolve("g.tsv");
    CliRunner truth =
        CliRunner.run(
            "generate",
            "--documents",
            "200",
            "--excerpts",
            "0.5",
            "--seed",
            "3",
            "-o",
            corpus.toString(),
            "--truth",
            "-");
    assertThat(truth.exitCode).as(truth.toString()).isZero();
    assertThat(truth.out.lines().toList())
        .as(truth.toString())
        .isNotEmpty()
        .allMatch(line -> line.matches("[^\t]+\t[^\t]+"));
    assertThat(Files.readString(corpus)).contains("\t");
    assertRefused(
        CliRunner.run("generate", "--documents", "10", "--truth", "-"),
        "--truth -: the corpus goes to standard output");
    assertThat(dash).doesNotExist();
  }

  @Test
  void anOutputThatIsADirectoryIsRefused() throws IOException {
    Path input = Files.writeString(dir.resolve("in.tsv"), CORPUS);
    Path empty = Files.createDirectories(dir.resolve("empty"));
    assertRefused(
        CliRunner.run("pairs", "-q", "-o", empty.toString(), input.toString()), "is a directory");
    assertThat(empty).isDirectory();
  }

  @Test
  void anUnwritableOutputDirectorySaysWhy() throws IOException {
    assumeFalse(
        "root".equals(System.getProperty("user.name")), "root writes into read-only directories");
    Path input = Files.writeString(dir.resolve("in.tsv"), CORPUS);
    Path readOnly = Files.createDirectories(dir.resolve("ro"));
    Files.setPosixFilePermissions(readOnly, PosixFilePermissions.fromString("r-xr-xr-x"));
    try {
      CliRunner run =
          CliRunner.run(
              "pairs", "-q", "-o", readOnly.resolve("out.tsv").toString(), input.toString());
      assertRefused(run, "permission denied");
      assertThat(run.err).doesNotContain(".tmp");
    } finally {
      Files.setPosixFilePermissions(readOnly, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
  }

  @Test
  void aSymlinkedOutputIsWrittenThroughAndStaysALink() throws IOException {
    Path input = Files.writeString(dir.resolve("in.tsv"), CORPUS);
    Path real = Files.writeString(dir.resolve("real.tsv"), "old\n");
    Path link = Files.createSymbolicLink(dir.resolve("link.tsv"), real.getFileName());
    CliRunner run = CliRunner.run("pairs", "-q", "-o", link.toString(), input.toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(Files.isSymbolicLink(link)).isTrue();
    assertThat(Files.readString(real)).isEqualTo("a\tb\t1.000000\n");
    assertThat(leftovers()).isEmpty();
  }

  @Test
  void aReplacedOutputKeepsItsPermissions() throws IOException {
    Path input = Files.writeString(dir.resolve("in.tsv"), CORPUS);
    Path output = Files.writeString(dir.resolve("out.tsv"), "old\n");
    Files.setPosixFilePermissions(output, PosixFilePermissions.fromString("rw-------"));
    CliRunner run = CliRunner.run("pairs", "-q", "-o", output.toString(), input.toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(output)))
        .isEqualTo("rw-------");
  }

  @Test
  void aFailingStandardOutputIsAnErrorNotASilentSuccess() throws IOException {
    Path input = Files.writeString(dir.resolve("in.tsv"), CORPUS);
    OutputStream full =
        new OutputStream() {
          @Override
          public void write(int b) throws IOException {
            throw new IOException("No space left on device");
          }
        };
    StringWriter err = new StringWriter();
    int code =
        Main.run(
            new String[] {"pairs", "-q", input.toString()},
            new PrintWriter(full, true),
            new PrintWriter(err, true));
    assertThat(code).as(err.toString()).isEqualTo(2);
    assertThat(err.toString()).startsWith("neardup: standard output: cannot write");
  }

  @Test
  void aDeviceIsWrittenThroughNotReplacedAndItsWriteErrorsAreReported() throws IOException {
    Path devFull = Path.of("/dev/full");
    Path devNull = Path.of("/dev/null");
    assumeTrue(
        Files.exists(devFull) && !Files.isRegularFile(devFull) && !Files.isRegularFile(devNull),
        "needs the character devices /dev/full and /dev/null");
    Path input = Files.writeString(dir.resolve("in.tsv"), CORPUS);
    // Through links in our own directory: the device gets the bytes and the link stays a link (a
    // temp file renamed into place would replace the link).
    Path toNull = Files.createSymbolicLink(dir.resolve("null.tsv"), devNull);
    CliRunner ok = CliRunner.run("pairs", "-q", "-o", toNull.toString(), input.toString());
    assertThat(ok.exitCode).as(ok.toString()).isZero();
    assertThat(Files.isSymbolicLink(toNull)).isTrue();
    Path toFull = Files.createSymbolicLink(dir.resolve("full.tsv"), devFull);
    for (String command : new String[] {"pairs", "dedup"}) {
      CliRunner run = CliRunner.run(command, "-q", "-o", toFull.toString(), input.toString());
      assertRefused(run, "cannot write");
      assertThat(run.err).contains("full.tsv").contains("No space left on device");
      assertThat(Files.isSymbolicLink(toFull)).isTrue();
    }
    CliRunner generate = CliRunner.run("generate", "--documents", "50", "-o", toFull.toString());
    assertRefused(generate, "No space left on device");
    assertThat(Files.isRegularFile(devFull)).isFalse();
    assertThat(leftovers()).isEmpty();
    Files.delete(toNull); // links out of the temporary directory: JUnit would warn when cleaning up
    Files.delete(toFull);
  }

  @Test
  void aLongButValidOutputNameStillGetsATemporarySibling() throws IOException {
    Path input = Files.writeString(dir.resolve("in.tsv"), CORPUS);
    Path output =
        dir.resolve("x".repeat(240) + ".tsv"); // 244 bytes: valid, but not with a suffix of 17
    CliRunner run = CliRunner.run("pairs", "-q", "-o", output.toString(), input.toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(Files.readString(output)).isEqualTo("a\tb\t1.000000\n");
    assertThat(leftovers()).isEmpty();
  }
}
