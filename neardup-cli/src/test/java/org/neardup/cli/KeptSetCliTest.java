package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.neardup.input.Document;
import org.neardup.input.InputProblems;
import org.neardup.input.OnError;
import org.neardup.io.DocumentReader;
import org.neardup.io.DocumentReaders;
import org.neardup.io.InputFormat;
import org.neardup.io.InputOptions;
import org.neardup.testkit.SharedData;

/**
 * The kept set's two guarantees through the real CLI, checked against {@code pairs}' output of the
 * same settings: every removed document has a kept one before it in keep order at exact J >= t (the
 * most similar of those), no two kept documents are a pair; and the greedy order. On ../shared/data
 * (SharedData: skipped when absent, failing under CI) and on a generated chain.
 */
class KeptSetCliTest {
  @TempDir Path dir;

  private static final InputOptions LINES_INPUT =
      new InputOptions(InputFormat.LINES, ' ', null, List.of());

  static Stream<Arguments> realCorpora() {
    return Stream.of(
        Arguments.of(
            "kijiji/dataset_rent_rome_kijiji.tsv", Kijiji.OPTIONS, Kijiji.INPUT, "0.8", "first"),
        Arguments.of(
            "kijiji/dataset_rent_rome_kijiji.tsv", Kijiji.OPTIONS, Kijiji.INPUT, "0.5", "longest"),
        Arguments.of(
            "articles/articles_1000.train",
            List.of("--format", "lines", "--shingle", "char:9"),
            LINES_INPUT,
            "0.8",
            "first"),
        Arguments.of(
            "articles/articles_1000.train",
            List.of("--format", "lines", "--shingle", "char:3", "--exact"),
            LINES_INPUT,
            "0.35",
            "shortest"));
  }

  /**
   * Each document's place in the keep order: input order for first, then by text length (longest or
   * shortest first, ties in input order), the texts read as the CLI reads them.
   */
  private static Map<String, Integer> keepRanks(Path input, InputOptions options, String keep)
      throws IOException {
    List<Document> documents = new ArrayList<>();
    try (DocumentReader reader =
        DocumentReaders.open(input, options, new InputProblems(OnError.FAIL))) {
      for (Document d; (d = reader.next()) != null; ) {
        documents.add(d);
      }
    }
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < documents.size(); i++) {
      order.add(i);
    }
    Comparator<Integer> byLength = Comparator.comparingInt(i -> documents.get(i).text().length());
    if (keep.equals("longest")) {
      order.sort(byLength.reversed().thenComparing(i -> i));
    } else if (keep.equals("shortest")) {
      order.sort(byLength.thenComparing(i -> i));
    }
    Map<String, Integer> ranks = new HashMap<>();
    for (int r = 0; r < order.size(); r++) {
      ranks.put(documents.get(order.get(r)).id(), r);
    }
    return ranks;
  }

  @ParameterizedTest
  @MethodSource("realCorpora")
  void everyRemovedDocumentHasAKeptOneAtTheThresholdAndNoTwoKeptOnesAreAPair(
      String corpus, List<String> options, InputOptions read, String threshold, String keep)
      throws IOException {
    Path input = SharedData.file(corpus);
    Map<String, Integer> rank = keepRanks(input, read, keep);
    double t = Double.parseDouble(threshold);
    Map<String, Map<String, String>> pairs =
        pairs(run("pairs", options, "--threshold", threshold, input));
    String clusters = run("clusters", options, "--threshold", threshold, "--keep", keep, input);
    Map<String, String[]> removed = removals(clusters);
    Set<String> keptInGroups = new HashSet<>();
    for (String line : clusters.split("\n")) {
      String[] f = line.split("\t");
      assertThat(f).hasSize(4);
      if (f[2].equals("keep")) {
        assertThat(f[0]).isEqualTo(f[1]);
        assertThat(f[3]).isEqualTo("1.000000");
        keptInGroups.add(f[0]);
      }
    }
    assertThat(removed).isNotEmpty();
    for (Map.Entry<String, String[]> removal : removed.entrySet()) {
      String id = removal.getKey();
      String kept = removal.getValue()[0];
      String similarity = removal.getValue()[1];
      // (a) a kept document before it in keep order at exact J >= t, with the similarity pairs
      // gives, and no kept one before it closer (one after it may be: it was kept because this
      // one was removed)
      assertThat(removed).doesNotContainKey(kept);
      assertThat(keptInGroups).contains(kept);
      assertThat(rank.get(kept)).as("%s's witness %s", id, kept).isLessThan(rank.get(id));
      assertThat(pairs.get(id)).containsEntry(kept, similarity);
      assertThat(Double.parseDouble(similarity)).isGreaterThanOrEqualTo(t - 5e-7);
      for (Map.Entry<String, String> neighbour : pairs.get(id).entrySet()) {
        if (!removed.containsKey(neighbour.getKey())
            && rank.get(neighbour.getKey()) < rank.get(id)) {
          assertThat(Double.parseDouble(neighbour.getValue()))
              .isLessThanOrEqualTo(Double.parseDouble(similarity));
        }
      }
    }
    // (b) no two kept documents are a pair
    for (Map.Entry<String, Map<String, String>> document : pairs.entrySet()) {
      if (!removed.containsKey(document.getKey())) {
        assertThat(document.getValue().keySet())
            .as(document.getKey())
            .allMatch(removed::containsKey);
      }
    }
  }

  @Test
  void inputOrderDecidesUnderKeepFirstOnKijiji() throws IOException {
    Path input = Kijiji.file();
    List<String> options = Kijiji.OPTIONS;
    Map<String, Map<String, String>> pairs =
        pairs(run("pairs", options, "--threshold", "0.5", input));
    Map<String, String[]> removed = removals(run("clusters", options, "--threshold", "0.5", input));
    // ids are record numbers: a document is removed iff an earlier neighbour is kept
    for (Map.Entry<String, Map<String, String>> document : pairs.entrySet()) {
      int ordinal = Integer.parseInt(document.getKey());
      boolean earlierKept =
          document.getValue().keySet().stream()
              .anyMatch(n -> Integer.parseInt(n) < ordinal && !removed.containsKey(n));
      assertThat(removed.containsKey(document.getKey()))
          .as(document.getKey())
          .isEqualTo(earlierKept);
    }
  }

  @Test
  void dedupWritesExactlyTheKeptRecordsOfClusters() throws IOException {
    Path input = Kijiji.file();
    List<String> options = Kijiji.OPTIONS;
    Map<String, String[]> removed = removals(run("clusters", options, "--keep", "longest", input));
    Path clean = dir.resolve("clean.tsv");
    List<String> args =
        new ArrayList<>(List.of("dedup", "-q", "--keep", "longest", "-o", clean.toString()));
    args.addAll(options);
    args.add(input.toString());
    CliRunner dedup = CliRunner.run(args.toArray(String[]::new));
    assertThat(dedup.exitCode).as(dedup.toString()).isZero();
    List<String> lines = Files.readAllLines(input);
    List<String> expected = new ArrayList<>(List.of(lines.get(0)));
    for (int record = 1; record < lines.size(); record++) {
      if (!removed.containsKey(Integer.toString(record))) {
        expected.add(lines.get(record));
      }
    }
    assertThat(Files.readAllLines(clean)).containsExactlyElementsOf(expected);
  }

  /** A chain: each document 2 words from the next, so J(i, i+1) >= 0.8 but J(i, i+2) < 0.8. */
  @Test
  void aChainKeepsEveryOtherDocumentWhereComponentsKeepOne() throws IOException {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 9; i++) {
      text.append('d').append(i).append('\t');
      for (int w = i; w < i + 20; w++) {
        text.append("w").append(w).append(' ');
      }
      text.append('\n');
    }
    Path input = Files.writeString(dir.resolve("chain.tsv"), text.toString());
    // J(i, i+1) = 19/21 = 0.904762, J(i, i+2) = 18/22 = 0.818182, J(i, i+3) = 17/23 < 0.8
    List<String> options = List.of("--shingle", "word:1", "--exact");
    assertThat(run("clusters", options, "--threshold", "0.85", input))
        .isEqualTo(
            "d0\td0\tkeep\t1.000000\nd0\td1\tduplicate\t0.904762\n"
                + "d2\td2\tkeep\t1.000000\nd2\td3\tduplicate\t0.904762\n"
                + "d4\td4\tkeep\t1.000000\nd4\td5\tduplicate\t0.904762\n"
                + "d6\td6\tkeep\t1.000000\nd6\td7\tduplicate\t0.904762\n");
    String components = run("clusters", options, "--threshold", "0.85", "--components", input);
    assertThat(components.lines()).hasSize(9).allMatch(l -> l.startsWith("d0\t"));
    assertThat(components.lines().filter(l -> l.endsWith("\tduplicate"))).hasSize(8);
    // d1 is removed for d0 at 0.904762 rather than for d2 at the same similarity: d0 comes first
  }

  private String run(String command, List<String> options, Object... more) {
    List<String> args = new ArrayList<>(List.of(command, "-q"));
    args.addAll(options);
    for (Object m : more) {
      args.add(m.toString());
    }
    return CliRunner.ok(args).out;
  }

  /** Each document's neighbours with their similarity, as pairs writes it. */
  static Map<String, Map<String, String>> pairs(String out) {
    Map<String, Map<String, String>> pairs = new HashMap<>();
    for (String line : out.split("\n")) {
      if (line.isEmpty()) {
        continue;
      }
      String[] f = line.split("\t");
      pairs.computeIfAbsent(f[0], k -> new HashMap<>()).put(f[1], f[2]);
      pairs.computeIfAbsent(f[1], k -> new HashMap<>()).put(f[0], f[2]);
    }
    return pairs;
  }

  /** Each removed document's kept document and similarity, as clusters writes them. */
  static Map<String, String[]> removals(String out) {
    Map<String, String[]> removed = new LinkedHashMap<>();
    for (String line : out.split("\n")) {
      String[] f = line.split("\t");
      if (f.length == 4 && f[2].equals("duplicate")) {
        assertThat(removed.put(f[1], new String[] {f[0], f[3]}))
            .as("listed once: " + f[1])
            .isNull();
      }
    }
    return removed;
  }
}
