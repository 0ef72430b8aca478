package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.synth.CorpusGenerator;
import org.neardup.synth.GeneratedCorpus;

/**
 * {@code --keep field:NAME} and {@code input,} through the real CLI: the records {@code dedup}
 * keeps are those the greedy keeps walking the documents in the field's order (ties in input
 * order), checked against {@code pairs}' output of the same settings, on a generated corpus with
 * scores (ties on purpose) and on the Kijiji listings by price.
 */
class KeepFieldCliTest {

  @TempDir static Path dir;

  /** id, text, score of each generated document, in input order. */
  private static final List<String[]> RECORDS = new ArrayList<>();

  @BeforeAll
  static void generate() {
    GeneratedCorpus corpus = new CorpusGenerator(3_000, 0.4, 5, 0.2, 20, 60, 45).generate();
    SplittableRandom random = new SplittableRandom(4545);
    for (int i = 0; i < corpus.size(); i++) {
      String score =
          random.nextInt(4) == 0
              ? Integer.toString(random.nextInt(3)) // ties
              : String.format(java.util.Locale.ROOT, "%.4f", random.nextDouble(-5, 5));
      RECORDS.add(new String[] {corpus.ids().get(i), corpus.texts().get(i), score});
    }
  }

  private static Path jsonl(String name, List<String[]> records) throws IOException {
    StringBuilder b = new StringBuilder();
    for (String[] r : records) {
      b.append("{\"id\":\"")
          .append(r[0])
          .append("\",\"text\":\"")
          .append(r[1])
          .append("\",\"score\":")
          .append(r[2])
          .append("}\n");
    }
    return Files.writeString(dir.resolve(name), b.toString());
  }

  @Test
  void dedupKeepsTheGreedyInTheFieldsOrderHighestFirstOrLowestFirst() throws IOException {
    Path input = jsonl("scored.jsonl", RECORDS);
    Map<String, Set<String>> pairs = pairs(run("pairs", input.toString()));
    assertThat(pairs).isNotEmpty();
    for (boolean ascending : new boolean[] {false, true}) {
      Comparator<Integer> byScore =
          Comparator.comparingDouble(i -> Double.parseDouble(RECORDS.get(i)[2]));
      List<Integer> order = inputOrder(RECORDS.size());
      order.sort((ascending ? byScore : byScore.reversed()).thenComparing(i -> i));
      Set<String> expected = greedy(order, RECORDS, pairs);
      Path clean = dir.resolve("clean-" + ascending + ".jsonl");
      run(
          "dedup",
          "--keep",
          "field:score" + (ascending ? ":asc" : ""),
          "-o",
          clean.toString(),
          input.toString());
      assertThat(ids(clean)).as("ascending %s", ascending).isEqualTo(expected);
    }
  }

  @Test
  void earlierInputsWinWhateverTheFieldSaysWithinAnInput() throws IOException {
    List<String[]> first = RECORDS.subList(0, RECORDS.size() / 2);
    List<String[]> second = RECORDS.subList(RECORDS.size() / 2, RECORDS.size());
    // the later input first on the command line: it wins over the earlier half of the corpus
    Path a = jsonl("a.jsonl", second);
    Path b = jsonl("b.jsonl", first);
    List<String[]> records = new ArrayList<>(second);
    records.addAll(first);
    Map<String, Set<String>> pairs = pairs(run("pairs", a.toString(), b.toString()));
    List<Integer> order = inputOrder(records.size());
    order.sort(
        Comparator.<Integer>comparingInt(i -> i < second.size() ? 0 : 1)
            .thenComparing(
                Comparator.<Integer>comparingDouble(i -> Double.parseDouble(records.get(i)[2]))
                    .reversed())
            .thenComparing(i -> i));
    Path clean = dir.resolve("clean-inputs.jsonl");
    run("dedup", "--keep", "input,field:score", "-o", clean.toString(), a.toString(), b.toString());
    Set<String> kept = ids(clean);
    assertThat(kept).isEqualTo(greedy(order, records, pairs));
    // every pair across the two inputs keeps its member of the first input given
    for (String[] r : second) {
      if (pairs.containsKey(r[0]) && kept.contains(r[0])) {
        assertThat(pairs.get(r[0]).stream().filter(kept::contains)).isEmpty();
      }
    }
  }

  @Test
  void kijijiByPriceLowestFirstSkipsTheListingsWithoutAPrice() throws IOException {
    Path kijiji = Kijiji.file();
    String[] options = Kijiji.options("--id-field", "Url Adv", "--on-error", "skip");
    Path clean = dir.resolve("kijiji.tsv");
    List<String> args = new ArrayList<>(List.of("dedup", "--keep", "field:Price (Euro):asc"));
    args.addAll(List.of(options));
    args.addAll(List.of("-o", clean.toString(), kijiji.toString()));
    CliRunner dedup = CliRunner.ok(args);
    assertThat(dedup.err)
        .contains("record without a number to keep by (field 'Price (Euro)' is not a finite number")
        .contains("skipped as bad -> " + dir.resolve("kijiji.rejects.tsv"));
    // among the listings with a price (the first of an id that is there twice), the greedy by
    // price ascending, ties in input order; the others are the rejects
    List<String> lines = Files.readAllLines(kijiji);
    List<String[]> priced = new ArrayList<>();
    Set<String> ids = new java.util.HashSet<>();
    List<String> rejected = new ArrayList<>();
    for (String line : lines.subList(1, lines.size())) {
      String[] f = line.split("\t", -1);
      if (f[3].strip().matches("[0-9.]+") && ids.add(f[5])) {
        priced.add(new String[] {f[5], f[0] + " " + f[1], f[3].strip()});
      } else {
        rejected.add(line);
      }
    }
    List<String> rejects = Files.readAllLines(dir.resolve("kijiji.rejects.tsv"));
    assertThat(rejects.subList(1, rejects.size())).hasSizeGreaterThan(200).isEqualTo(rejected);
    List<String> pairArgs = new ArrayList<>(List.of("pairs"));
    pairArgs.addAll(List.of(options));
    pairArgs.add(kijiji.toString());
    Map<String, Set<String>> pairs = pairs(run(pairArgs.toArray(String[]::new)));
    List<Integer> order = inputOrder(priced.size());
    order.sort(
        Comparator.<Integer>comparingDouble(i -> Double.parseDouble(priced.get(i)[2]))
            .thenComparing(i -> i));
    Set<String> kept = new LinkedHashSet<>();
    for (String line : Files.readAllLines(clean).subList(1, Files.readAllLines(clean).size())) {
      kept.add(line.split("\t", -1)[5]);
    }
    assertThat(kept).isEqualTo(greedy(order, priced, pairs));
  }

  @Test
  void aKeepOrderThatCannotBeReadIsABadUsageNamingWhy() throws IOException {
    Path tsv = Files.writeString(dir.resolve("plain.tsv"), "a\tsome text here\n");
    CliRunner noFields =
        CliRunner.run("dedup", "--keep", "field:score", "-o", dir + "/x.tsv", tsv.toString());
    assertThat(noFields.exitCode).isEqualTo(2);
    assertThat(noFields.err)
        .contains(tsv + ": a tsv input has no fields to keep by: --keep field:NAME reads a CSV");
    CliRunner unknown = CliRunner.run("clusters", "--keep", "best", tsv.toString());
    assertThat(unknown.exitCode).isEqualTo(2);
    assertThat(unknown.err)
        .contains("--keep: unknown keep order 'best' (expected first, longest, shortest or");
  }

  private static List<Integer> inputOrder(int n) {
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      order.add(i);
    }
    return order;
  }

  /** The ids the greedy keeps walking {@code order}: each one without a kept neighbour. */
  private static Set<String> greedy(
      List<Integer> order, List<String[]> records, Map<String, Set<String>> pairs) {
    Set<String> kept = new LinkedHashSet<>();
    for (int i : order) {
      String id = records.get(i)[0];
      if (pairs.getOrDefault(id, Set.of()).stream().noneMatch(kept::contains)) {
        kept.add(id);
      }
    }
    return kept;
  }

  private static Set<String> ids(Path jsonl) throws IOException {
    Set<String> ids = new LinkedHashSet<>();
    for (String line : Files.readAllLines(jsonl)) {
      ids.add(line.substring("{\"id\":\"".length(), line.indexOf('"', "{\"id\":\"".length())));
    }
    return ids;
  }

  private static String run(String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.add(1, "-q");
    return CliRunner.ok(all).out;
  }

  private static Map<String, Set<String>> pairs(String out) {
    Map<String, Set<String>> pairs = new HashMap<>();
    for (String line : out.split("\n")) {
      if (!line.isEmpty()) {
        String[] f = line.split("\t");
        pairs.computeIfAbsent(f[0], k -> new LinkedHashSet<>()).add(f[1]);
        pairs.computeIfAbsent(f[1], k -> new LinkedHashSet<>()).add(f[0]);
      }
    }
    return pairs;
  }
}
