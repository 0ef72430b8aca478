package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.config.PipelineConfig;
import org.neardup.sketch.DocumentSketcher;
import org.neardup.synth.CorpusGenerator;
import org.neardup.synth.GeneratedCorpus;
import org.neardup.verify.Jaccard;

/**
 * {@code --against} through the real CLI, checked against an independent truth: every pair's exact
 * Jaccard by brute force over the shingle sets, and the rules applied literally (references kept
 * and never written; a new document removed when it has a pair among the references or among the
 * new documents kept before it in --keep order; no kept pair left). The same outputs with the old
 * part as text, as a signature file and as an index directory; and a chain of signature files gives
 * what one run gives. On a generated corpus and on the Kijiji listings.
 */
class AgainstCliTest {
  private static final double T = PipelineConfig.DEFAULT_THRESHOLD;

  @TempDir static Path dir;

  /** The new part, in input order: id, text, score. */
  private static final List<String[]> NEW = new ArrayList<>();

  /** The old part: id to text. */
  private static final Map<String, String> OLD = new LinkedHashMap<>();

  private static Path oldText;
  private static Path oldSignatures;
  private static Path oldIndex;
  private static Path newInput;

  /** Exact pairs by brute force: new id to (other id to similarity), new-new and new-old. */
  private static final Map<String, Map<String, Double>> TRUTH = new HashMap<>();

  @BeforeAll
  static void corpus() throws IOException {
    GeneratedCorpus corpus = new CorpusGenerator(2_500, 0.45, 5, 0.25, 15, 60, 4545).generate();
    SplittableRandom random = new SplittableRandom(45);
    for (int i = 0; i < corpus.size(); i++) {
      String id = corpus.ids().get(i);
      String text = corpus.texts().get(i);
      if (random.nextInt(5) < 2) {
        OLD.put(id, text);
      } else {
        String score = Integer.toString(random.nextInt(4)); // ties on purpose
        NEW.add(new String[] {id, text, score});
      }
    }
    oldText =
        jsonl(
            "old.jsonl",
            OLD.entrySet().stream().map(e -> json(e.getKey(), e.getValue(), null)).toList());
    newInput = jsonl("new.jsonl", NEW.stream().map(r -> json(r[0], r[1], r[2])).toList());
    oldSignatures = dir.resolve("old.nds");
    run("sign", "-o", oldSignatures.toString(), oldText.toString());
    oldIndex = dir.resolve("old-index");
    run("index", "build", "--data", oldIndex.toString(), oldText.toString());
    truth();
  }

  private static String json(String id, String text, String score) {
    return "{\"id\":\""
        + id
        + "\",\"text\":\""
        + text
        + "\""
        + (score == null ? "" : ",\"score\":" + score)
        + "}";
  }

  private static Path jsonl(String name, List<String> lines) throws IOException {
    return Files.write(dir.resolve(name), lines);
  }

  /** Every new-new and new-old pair at the threshold or above, by exact Jaccard. */
  private static void truth() {
    DocumentSketcher sketcher = DocumentSketcher.create(PipelineConfig.builder().build().sketch());
    List<String> ids = new ArrayList<>();
    List<long[]> sets = new ArrayList<>();
    for (String[] r : NEW) {
      ids.add(r[0]);
      sets.add(sketcher.shingleSet(r[1]));
    }
    int newCount = ids.size();
    OLD.forEach(
        (id, text) -> {
          ids.add(id);
          sets.add(sketcher.shingleSet(text));
        });
    for (int a = 0; a < newCount; a++) {
      for (int b = a + 1; b < ids.size(); b++) {
        double j = Jaccard.similarity(sets.get(a), sets.get(b));
        if (j >= T) {
          TRUTH.computeIfAbsent(ids.get(a), k -> new HashMap<>()).put(ids.get(b), j);
          if (b < newCount) {
            TRUTH.computeIfAbsent(ids.get(b), k -> new HashMap<>()).put(ids.get(a), j);
          }
        }
      }
    }
  }

  @Test
  void pairsAgainstReportsTheNewPairsAndThoseWithTheOldPartOnly() {
    Set<String> expected = new java.util.TreeSet<>();
    TRUTH.forEach(
        (a, others) ->
            others.forEach(
                (b, j) ->
                    expected.add(
                        (a.compareTo(b) < 0 ? a + "\t" + b : b + "\t" + a)
                            + "\t"
                            + String.format(Locale.ROOT, "%.6f", j))));
    for (Path old : List.of(oldText, oldSignatures, oldIndex)) {
      String out = run("pairs", "--against", old.toString(), newInput.toString());
      assertThat(new java.util.TreeSet<>(List.of(out.split("\n"))))
          .as("against %s", old)
          .hasSizeGreaterThan(400)
          .isEqualTo(expected);
    }
  }

  @Test
  void dedupKeepsExactlyWhatTheRulesKeepWithTheOldPartAsTextSignaturesOrIndex() throws IOException {
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < NEW.size(); i++) {
      order.add(i);
    }
    order.sort(
        Comparator.<Integer>comparingInt(i -> -Integer.parseInt(NEW.get(i)[2]))
            .thenComparing(i -> i));
    Set<String> expected = new LinkedHashSet<>();
    for (int i : order) {
      String id = NEW.get(i)[0];
      Map<String, Double> pairs = TRUTH.getOrDefault(id, Map.of());
      if (pairs.keySet().stream().noneMatch(o -> OLD.containsKey(o) || expected.contains(o))) {
        expected.add(id);
      }
    }
    assertThat(expected.size()).isLessThan(NEW.size() - 200);

    byte[] first = null;
    for (Path old : List.of(oldText, oldSignatures, oldIndex)) {
      Path clean = dir.resolve("clean-" + old.getFileName() + ".jsonl");
      run(
          "dedup",
          "--against",
          old.toString(),
          "--keep",
          "field:score",
          "--annotate",
          "-o",
          clean.toString(),
          newInput.toString());
      Set<String> kept = new LinkedHashSet<>();
      ObjectMapper json = new ObjectMapper();
      for (String line : Files.readAllLines(clean)) {
        JsonNode record = json.readTree(line);
        String id = record.get("id").asText();
        if (record.get("duplicate_of").isNull()) {
          kept.add(id);
          continue;
        }
        // the witness: an old document or a kept new one, at its exact similarity
        String witness = record.get("duplicate_of").asText();
        assertThat(TRUTH.get(id)).containsKey(witness);
        assertThat(record.get("similarity").asDouble())
            .isCloseTo(TRUTH.get(id).get(witness), org.assertj.core.data.Offset.offset(5e-7));
        assertThat(OLD.containsKey(witness) || expected.contains(witness)).as(witness).isTrue();
      }
      assertThat(kept).as("against %s", old).isEqualTo(expected);
      byte[] bytes = Files.readAllBytes(clean);
      if (first == null) {
        first = bytes;
      } else {
        assertThat(bytes).as("the same bytes against %s", old).isEqualTo(first);
      }
    }
  }

  @Test
  void aChainOfSignatureFilesGivesWhatOneRunGives() throws IOException {
    List<String[]> week1 = NEW.subList(0, NEW.size() / 2);
    List<String[]> week2 = NEW.subList(NEW.size() / 2, NEW.size());
    Path one = jsonl("week1.jsonl", week1.stream().map(r -> json(r[0], r[1], r[2])).toList());
    Path two = jsonl("week2.jsonl", week2.stream().map(r -> json(r[0], r[1], r[2])).toList());
    Path clean1 = dir.resolve("clean1.jsonl");
    Path clean2 = dir.resolve("clean2.jsonl");
    Path kept1 = dir.resolve("week1.nds");
    run(
        "dedup",
        "--against",
        oldSignatures.toString(),
        "--signatures-out",
        kept1.toString(),
        "-o",
        clean1.toString(),
        one.toString());
    run(
        "dedup",
        "--against",
        oldSignatures.toString(),
        "--against",
        kept1.toString(),
        "-o",
        clean2.toString(),
        two.toString());
    Path all = dir.resolve("clean-all.jsonl");
    run(
        "dedup",
        "--against",
        oldText.toString(),
        "-o",
        all.toString(),
        one.toString(),
        two.toString());
    List<String> chained = new ArrayList<>(Files.readAllLines(clean1));
    chained.addAll(Files.readAllLines(clean2));
    assertThat(chained).isEqualTo(Files.readAllLines(all));
    // the kept documents' file holds the kept documents, as sign writes them
    String signed = run("pairs", "--signatures", kept1.toString());
    assertThat(signed).isEmpty(); // no two kept documents are a pair
  }

  @Test
  void kijijiAgainstItsOwnFirstHalfKeepsWhatTheRulesKeep() throws IOException {
    Path kijiji = Kijiji.file();
    List<String> lines = Files.readAllLines(kijiji);
    int half = lines.size() / 2;
    Path old = Files.write(dir.resolve("kijiji-old.tsv"), lines.subList(0, half));
    List<String> fresh = new ArrayList<>(List.of(lines.get(0)));
    fresh.addAll(lines.subList(half, lines.size()));
    Path input = Files.write(dir.resolve("kijiji-new.tsv"), fresh);
    String[] options = Kijiji.options();
    // truth: exact Jaccard of every new listing with every old one and every earlier new one,
    // the texts as the CSV reader gives them
    List<long[]> oldSets = sets(old);
    List<long[]> newSets = sets(input);
    assertThat(newSets).hasSize(fresh.size() - 1);
    List<String> expected = new ArrayList<>(List.of(lines.get(0)));
    List<Integer> keptSoFar = new ArrayList<>();
    for (int i = 0; i < newSets.size(); i++) {
      long[] set = newSets.get(i);
      boolean removed =
          set.length > 0
              && (oldSets.stream().anyMatch(o -> o.length > 0 && Jaccard.similarity(set, o) >= T)
                  || keptSoFar.stream()
                      .anyMatch(k -> Jaccard.similarity(set, newSets.get(k)) >= T));
      if (!removed) {
        if (set.length > 0) {
          keptSoFar.add(i);
        }
        expected.add(fresh.get(i + 1));
      }
    }
    for (boolean signed : new boolean[] {false, true}) {
      Path reference = old;
      if (signed) {
        reference = dir.resolve("kijiji-old.nds");
        List<String> sign = new ArrayList<>(List.of("sign", "-o", reference.toString()));
        sign.addAll(List.of(options));
        sign.add(old.toString());
        run(sign.toArray(String[]::new));
      }
      Path clean = dir.resolve("kijiji-clean-" + signed + ".tsv");
      List<String> args = new ArrayList<>(List.of("dedup", "--against", reference.toString()));
      args.addAll(List.of(options));
      args.addAll(List.of("-o", clean.toString(), input.toString()));
      run(args.toArray(String[]::new));
      assertThat(Files.readAllLines(clean)).as("signed %s", signed).isEqualTo(expected);
    }
    assertThat(expected.size()).isBetween(300, fresh.size() - 300);
  }

  /** The shingle sets of a Kijiji part's listings (Title and Short Description), in order. */
  private static List<long[]> sets(Path part) {
    DocumentSketcher sketcher = DocumentSketcher.create(PipelineConfig.builder().build().sketch());
    List<long[]> sets = new ArrayList<>();
    try (org.neardup.io.DocumentReader reader =
        org.neardup.io.DocumentReaders.open(
            part,
            Kijiji.INPUT,
            new org.neardup.input.InputProblems(org.neardup.input.OnError.FAIL))) {
      for (org.neardup.input.Document d; (d = reader.next()) != null; ) {
        sets.add(sketcher.shingleSet(d.text()));
      }
    }
    return sets;
  }

  private static String run(String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.add(all.get(0).equals("index") ? 2 : 1, "-q");
    return CliRunner.ok(all).out;
  }
}
