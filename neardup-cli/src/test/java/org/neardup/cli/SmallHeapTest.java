package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.neardup.synth.CorpusGenerator;
import org.neardup.synth.GeneratedCorpus;

/**
 * {@code pairs} in a child JVM whose heap cannot hold the corpus's shingle sets: the sets are
 * dropped after reading and verification reads the input file again for the documents in candidate
 * pairs. The pairs are byte for byte those of a run with an ample heap (this JVM's), for LSH and
 * for the exact join, from a tab-separated file and from JSON lines; the run says it read again,
 * and leaves no temporary file behind.
 *
 * <p>LSH runs in 64 MiB. The exact join gets 96 MiB (its sets still do not fit a third of it): it
 * holds a table of every distinct shingle and each document's parity bitmap outside its memory
 * budget, next to the corpus's signatures, and in 64 MiB that runs out of memory (a known limit).
 */
class SmallHeapTest {
  private static final GeneratedCorpus CORPUS =
      new CorpusGenerator(20_000, 0.3, 3, 0.25, 20, 80, 5).generate();

  @TempDir Path dir;

  @ParameterizedTest
  @CsvSource({"tsv, false, 64m", "jsonl, false, 64m", "tsv, true, 96m"})
  void aSmallHeapReadsTheInputAgainAndFindsThePairsOfAnAmpleOne(
      String format, boolean exact, String heap) throws Exception {
    Path input = write(format);
    List<String> options = new ArrayList<>(List.of("pairs", "--threshold", "0.7"));
    if (exact) {
      options.add("--exact");
    }
    Path expected = dir.resolve("expected.tsv");
    List<String> inProcess = new ArrayList<>(options);
    inProcess.addAll(List.of("-q", "-o", expected.toString(), input.toString()));
    CliRunner ample = CliRunner.run(inProcess.toArray(String[]::new));
    assertThat(ample.exitCode).as(ample.toString()).isZero();
    assertThat(Files.readAllLines(expected)).hasSizeGreaterThan(500);

    Path temporary = Files.createDirectories(dir.resolve("tmp"));
    Path found = dir.resolve("found.tsv");
    Path log = dir.resolve("child.log");
    List<String> child = new ArrayList<>(options);
    child.addAll(List.of("-o", found.toString(), input.toString()));
    Process process = start(heap, temporary, log, child);
    assertThat(process.waitFor(300, TimeUnit.SECONDS)).as("the child ends").isTrue();
    String err = Files.readString(log);
    assertThat(process.exitValue()).as(err).isZero();
    assertThat(err).contains("shingle sets not kept").doesNotContain("Exception");
    assertThat(Files.readString(found)).isEqualTo(Files.readString(expected));
    try (Stream<Path> left = Files.list(temporary)) {
      assertThat(left).as("temporary files left behind").isEmpty();
    }
  }

  /**
   * Long documents (600 of 2,000-4,000 words, about 18 KB each) in 64 MiB: batches in flight are
   * bounded by their chars, not only by their count, so that the keys of the documents read again
   * do not fill the heap (256 such documents a batch, a dozen batches in flight, would hold
   * hundreds of megabytes).
   */
  @org.junit.jupiter.api.Test
  void longDocumentsInASmallHeapAreReadAgainInSmallerBatches() throws Exception {
    GeneratedCorpus corpus = new CorpusGenerator(600, 0.3, 3, 0.25, 2000, 4000, 9).generate();
    Path input = GeneratedFiles.tsv(corpus, dir.resolve("long.tsv"));
    Path expected = dir.resolve("expected.tsv");
    CliRunner ample =
        CliRunner.run(
            "pairs", "--threshold", "0.7", "-q", "-o", expected.toString(), input.toString());
    assertThat(ample.exitCode).as(ample.toString()).isZero();
    assertThat(Files.readAllLines(expected)).hasSizeGreaterThan(50);

    Path temporary = Files.createDirectories(dir.resolve("tmp"));
    Path found = dir.resolve("found.tsv");
    Path log = dir.resolve("child.log");
    Process process =
        start(
            "64m",
            temporary,
            log,
            List.of("pairs", "--threshold", "0.7", "-o", found.toString(), input.toString()));
    assertThat(process.waitFor(300, TimeUnit.SECONDS)).as("the child ends").isTrue();
    String err = Files.readString(log);
    assertThat(process.exitValue()).as(err).isZero();
    assertThat(err).contains("shingle sets not kept").doesNotContain("out of memory");
    assertThat(Files.readString(found)).isEqualTo(Files.readString(expected));
  }

  /**
   * {@code index build} of 3,000 documents of about 15 KB in 64 MiB: its sketching batches and its
   * waiting writes end at a share of the heap, not only at a count (256 and 1,000 such documents
   * would hold about 200 and 120 MB). It ran out of memory inside a worker before, and said so with
   * a stack trace.
   */
  @org.junit.jupiter.api.Test
  void longDocumentsAreIndexedInASmallHeap() throws Exception {
    GeneratedCorpus corpus = new CorpusGenerator(3000, 0.3, 3, 0.25, 2000, 3000, 11).generate();
    Path input = GeneratedFiles.tsv(corpus, dir.resolve("long.tsv"));
    Path log = dir.resolve("build.log");
    Process process =
        start(
            "64m",
            Files.createDirectories(dir.resolve("tmp")),
            log,
            List.of("index", "build", "--data", dir.resolve("index").toString(), input.toString()));
    assertThat(process.waitFor(300, TimeUnit.SECONDS)).as("the child ends").isTrue();
    String err = Files.readString(log);
    assertThat(process.exitValue()).as(err).isZero();
    assertThat(err).contains("3,000 documents added").doesNotContain("out of memory");
  }

  private Path write(String format) throws IOException {
    Path file = dir.resolve("corpus." + format);
    if (format.equals("tsv")) {
      return GeneratedFiles.tsv(CORPUS, file);
    }
    try (Writer writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      for (int i = 0; i < CORPUS.size(); i++) {
        String text = CORPUS.texts().get(i).replace("\\", "\\\\").replace("\"", "\\\"");
        writer.write("{\"id\": \"" + CORPUS.ids().get(i) + "\", \"text\": \"" + text + "\"}\n");
      }
    }
    return file;
  }

  private static Process start(String heap, Path temporary, Path log, List<String> args)
      throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(
        List.of(
            "-Xmx" + heap,
            "-Djava.io.tmpdir=" + temporary,
            "-cp",
            System.getProperty("java.class.path"),
            Main.class.getName()));
    command.addAll(args);
    return new ProcessBuilder(command)
        .redirectErrorStream(true)
        .redirectOutput(log.toFile())
        .start();
  }
}
