package org.neardup.cli.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.cli.CliRunner;
import org.neardup.index.Match;
import org.neardup.index.NearDupIndex;
import org.neardup.server.store.IndexDirectory;
import org.neardup.testkit.SharedData;

/**
 * {@code index build} loading by sorted tables ({@code BulkLoader}, the default) gives the index
 * that adding the documents one by one ({@code --no-bulk}) gives: every query answer (threshold,
 * top-k, containment) is the same, {@code index check} is clean, into a new index and into one that
 * holds documents, from texts and from signature files; bad input fails as it does one by one, and
 * leaves the index as it was.
 */
class BulkLoadTest {
  /** Every family in use: texts, sets, the top-k floor, containment lists. */
  private static final List<String> SETTINGS =
      List.of("--format", "lines", "--top-k-floor", "0.5", "--containment-sampling", "4");

  @TempDir Path dir;

  private static CliRunner build(Path data, List<String> options, Path... inputs) {
    List<String> args = new ArrayList<>(List.of("index", "build", "--data", data.toString()));
    args.addAll(SETTINGS);
    args.addAll(options);
    for (Path input : inputs) {
      args.add(input.toString());
    }
    return CliRunner.run(args);
  }

  private static void built(Path data, List<String> options, Path... inputs) {
    CliRunner run = build(data, options, inputs);
    assertThat(run.exitCode).as(run.err).isZero();
  }

  /** A copy of the closed index {@code from}: the start of two indexes built alike. */
  private static void copy(Path from, Path to) throws IOException {
    try (Stream<Path> paths = Files.walk(from)) {
      for (Path path : paths.toList()) {
        Files.copy(path, to.resolve(from.relativize(path).toString()));
      }
    }
  }

  private static List<String> articles() throws IOException {
    return Files.readAllLines(SharedData.file("articles/articles_2500.train"));
  }

  private Path write(String name, List<String> lines) throws IOException {
    return Files.write(dir.resolve(name), lines);
  }

  @Test
  void aBulkLoadAnswersAsAnIndexBuiltDocumentByDocument() throws IOException {
    Path input = write("articles.txt", articles());
    Path oneByOne = dir.resolve("one-by-one");
    Path bulk = dir.resolve("bulk");
    built(oneByOne, List.of("--no-bulk"), input);
    CliRunner run = build(bulk, List.of(), input);
    assertThat(run.exitCode).as(run.err).isZero();
    assertThat(run.err).contains("2,500 documents added");

    assertSameAnswers(oneByOne, bulk, articles());
    assertChecked(bulk);
    assertThat(bulk.resolve("bulk-load.tmp")).doesNotExist();
  }

  @Test
  void aBulkLoadIntoAnIndexThatHoldsDocumentsAppendsToItsLists() throws IOException {
    List<String> articles = articles();
    Path first = write("first.txt", articles.subList(0, 1500));
    // 200 documents of the first part again: skipped as already held, by both paths
    Path second = write("second.txt", articles.subList(1300, 2500));
    Path oneByOne = dir.resolve("one-by-one");
    Path bulk = dir.resolve("bulk");
    built(oneByOne, List.of("--no-bulk"), first);
    copy(oneByOne, bulk);
    CliRunner expected = build(oneByOne, List.of("--no-bulk"), second);
    CliRunner run = build(bulk, List.of(), second);

    assertThat(run.exitCode).as(run.err).isZero();
    assertThat(run.err)
        .contains("1,000 documents added")
        .contains("skipped 200 documents already in the index");
    assertThat(expected.err).contains("skipped 200 documents already in the index");
    assertSameAnswers(oneByOne, bulk, articles);
    assertChecked(bulk);

    // and a second bulk load on top of the first
    Path third =
        write("third.txt", List.of("extra-1 " + articles.get(7), "extra-2 " + articles.get(8)));
    built(oneByOne, List.of("--no-bulk"), third);
    built(bulk, List.of(), third);
    assertSameAnswers(oneByOne, bulk, articles);
    assertChecked(bulk);
  }

  @Test
  void signatureFilesOfADirectoryLoadAsTheirTexts() throws IOException {
    List<String> articles = articles();
    Path text = write("articles.txt", articles);
    Path parts = Files.createDirectory(dir.resolve("signatures"));
    // the layout of the Spark job's --signatures-out: part files in a directory
    signed(write("a.txt", articles.subList(0, 1000)), parts.resolve("part-00000.nds"));
    signed(write("b.txt", articles.subList(1000, 2500)), parts.resolve("part-00001.nds"));
    Files.writeString(parts.resolve("_SUCCESS"), "");
    Path fromText = dir.resolve("from-text");
    Path fromSignatures = dir.resolve("from-signatures");
    built(fromText, List.of("--no-bulk", "--no-texts"), text); // signature files carry no texts
    built(fromSignatures, List.of("--no-texts", "--signatures", parts.toString()));

    assertSameAnswers(fromText, fromSignatures, articles);
    assertChecked(fromSignatures);
  }

  private static void signed(Path input, Path output) {
    CliRunner run =
        CliRunner.run(
            List.of("sign", "-q", "--format", "lines", "-o", output.toString(), input.toString()));
    assertThat(run.exitCode).as(run.err).isZero();
  }

  @Test
  void badInputFailsAsDocumentByDocumentAndLeavesTheIndexAsItWas() throws IOException {
    List<String> articles = articles();
    Path first = write("first.txt", articles.subList(0, 1000));
    List<String> bad = new ArrayList<>(articles.subList(1000, 2500));
    bad.add(1400, bad.get(3)); // an id twice, near the end
    Path second = write("second.txt", bad);
    Path reference = dir.resolve("reference");
    Path oneByOne = dir.resolve("one-by-one");
    Path bulk = dir.resolve("bulk");
    built(reference, List.of(), first);
    copy(reference, oneByOne);
    copy(reference, bulk);

    CliRunner expected = build(oneByOne, List.of("--no-bulk"), second);
    CliRunner run = build(bulk, List.of(), second);

    assertThat(expected.exitCode).isEqualTo(2);
    assertThat(run.exitCode).isEqualTo(2);
    assertThat(run.err).isEqualTo(expected.err).contains("duplicate id");
    assertThat(bulk.resolve("bulk-load.tmp")).doesNotExist();
    try (IndexDirectory directory = IndexDirectory.openReadOnly(bulk)) {
      assertThat(directory.index().size()).isEqualTo(1000);
    }
    assertSameAnswers(reference, bulk, articles);
    assertChecked(bulk);
  }

  @Test
  void aTruncatedSignatureFileFailsAsDocumentByDocumentAndLeavesTheIndexAsItWas()
      throws IOException {
    List<String> articles = articles();
    Path first = write("first.txt", articles.subList(0, 1000));
    Path signatures = dir.resolve("rest.nds");
    signed(write("rest.txt", articles.subList(1000, 2500)), signatures);
    byte[] bytes = Files.readAllBytes(signatures);
    Files.write(
        signatures, java.util.Arrays.copyOf(bytes, bytes.length * 2 / 3)); // ends inside an entry
    Path reference = dir.resolve("reference");
    Path oneByOne = dir.resolve("one-by-one");
    Path bulk = dir.resolve("bulk");
    built(reference, List.of("--no-texts"), first);
    copy(reference, oneByOne);
    copy(reference, bulk);

    CliRunner expected =
        build(oneByOne, List.of("--no-texts", "--no-bulk", "--signatures", signatures.toString()));
    CliRunner run = build(bulk, List.of("--no-texts", "--signatures", signatures.toString()));

    assertThat(expected.exitCode).isEqualTo(2);
    assertThat(run.exitCode).isEqualTo(2);
    assertThat(run.err).isEqualTo(expected.err).contains("rest.nds: truncated entry");
    assertSameAnswers(reference, bulk, articles);
    assertChecked(bulk);
  }

  /**
   * Every article's answers from both indexes: the same keys and similarities, in the same order.
   */
  private static void assertSameAnswers(Path expectedData, Path actualData, List<String> queries) {
    // opened to write (containment queries flush the lists' memtable first), written to by neither
    try (IndexDirectory expectedDirectory =
            IndexDirectory.open(expectedData, IndexDirectory.Options.existing());
        IndexDirectory actualDirectory =
            IndexDirectory.open(actualData, IndexDirectory.Options.existing())) {
      NearDupIndex<String> expected = expectedDirectory.index();
      NearDupIndex<String> actual = actualDirectory.index();
      assertThat(actual.size()).isEqualTo(expected.size());
      // on every core: the indexes answer queries concurrently
      int found =
          queries.parallelStream()
              .mapToInt(
                  line -> {
                    String id = line.substring(0, line.indexOf(' '));
                    String text = line.substring(line.indexOf(' ') + 1);
                    List<Match<String>> matches = expected.query(text);
                    assertThat(actual.query(text)).as(id).isEqualTo(matches);
                    assertThat(actual.top(text, 10)).as(id).isEqualTo(expected.top(text, 10));
                    assertThat(actual.containing(text, 10))
                        .as(id)
                        .isEqualTo(expected.containing(text, 10));
                    assertThat(actual.text(id)).as(id).isEqualTo(expected.text(id));
                    return matches.size();
                  })
              .sum();
      assertThat(found).isGreaterThan(queries.size() / 3);
    }
  }

  private static void assertChecked(Path data) {
    CliRunner check = CliRunner.run(List.of("index", "check", "--data", data.toString()));
    assertThat(check.exitCode).as(check.out).isZero();
    assertThat(check.out).endsWith("ok\n");
  }
}
