package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.eval.TopKRecall;
import org.neardup.testkit.SharedData;

/**
 * Containment pairs and top-k answers on ../shared/data against their exact references (skipped
 * when absent).
 */
class SearchOnRealDataTest {
  @TempDir Path dir;

  @Test
  void articlesContainmentPairsAreTheExactOnesAndHoldTheTruth() throws IOException {
    Path train = SharedData.file("articles/articles_2500.train");
    Path truth = SharedData.file("articles/articles_2500.truth");
    CliRunner sample =
        CliRunner.run(
            "pairs",
            "-q",
            "--format",
            "lines",
            "--shingle",
            "char:9",
            "--measure",
            "containment",
            train.toString());
    CliRunner exact =
        CliRunner.run(
            "pairs",
            "-q",
            "--format",
            "lines",
            "--shingle",
            "char:9",
            "--measure",
            "containment",
            "--exact",
            train.toString());
    assertThat(sample.exitCode).as(sample.toString()).isZero();
    assertThat(sample.out).isEqualTo(exact.out);
    Set<String> found = new HashSet<>();
    sample.out.lines().forEach(line -> found.add(line.split("\t")[0] + " " + line.split("\t")[1]));
    for (String line : Files.readAllLines(truth)) {
      String[] ids = line.strip().split("\\s+");
      assertThat(found)
          .contains(ids[0].compareTo(ids[1]) < 0 ? ids[0] + " " + ids[1] : ids[1] + " " + ids[0]);
    }
  }

  @Test
  void kijijiContainmentRecallAtLeast99PercentPrecision1() throws IOException {
    Path kijiji = Kijiji.file();
    Path sample = dir.resolve("sample.tsv");
    Path exact = dir.resolve("exact.tsv");
    assertThat(
            run(
                    new String[] {
                      "pairs", "-q", "--measure", "containment", "-o", sample.toString()
                    },
                    kijiji)
                .exitCode)
        .isZero();
    assertThat(
            run(
                    new String[] {
                      "pairs", "-q", "--measure", "containment", "--exact", "-o", exact.toString()
                    },
                    kijiji)
                .exitCode)
        .isZero();
    CliRunner eval =
        CliRunner.run("eval", "--truth", exact.toString(), "--found", sample.toString());
    assertThat(eval.out).contains("precision        1.000000").contains("false positives  0");
    Set<String> truthLines = new HashSet<>(Files.readAllLines(exact));
    List<String> foundLines = Files.readAllLines(sample);
    assertThat(truthLines).containsAll(foundLines); // same values and directions
    assertThat((double) foundLines.size() / truthLines.size()).isGreaterThanOrEqualTo(0.99);
    assertThat(truthLines.size()).isGreaterThan(10_000);
  }

  /**
   * Recall@10 of 'similar' against its brute-force answer, over 300 listings whose 10th answer
   * reaches the floor.
   */
  @Test
  void kijijiTopTenRecallAtLeast95Percent() throws IOException {
    Path kijiji = Kijiji.file();
    List<String> args = new ArrayList<>(List.of("similar", "-q", "--top", "10"));
    for (int id = 1; id <= 2627; id += 9) {
      args.add("--id");
      args.add(Integer.toString(id));
    }
    CliRunner found = run(args.toArray(String[]::new), kijiji);
    args.add("--exact");
    CliRunner exact = run(args.toArray(String[]::new), kijiji);
    assertThat(found.exitCode).as(found.toString()).isZero();
    Map<String, List<Double>> foundByQuery = byQuery(found.out);
    Map<String, List<Double>> exactByQuery = byQuery(exact.out);
    double recall = 0;
    int queries = 0;
    for (Map.Entry<String, List<Double>> entry : exactByQuery.entrySet()) {
      if (entry.getValue().size() == 10) {
        queries++;
        recall +=
            TopKRecall.of(entry.getValue(), foundByQuery.getOrDefault(entry.getKey(), List.of()));
      }
    }
    assertThat(queries).isGreaterThan(20);
    assertThat(recall / queries).isGreaterThanOrEqualTo(0.95);
  }

  /** Runs {@code args} with the Kijiji reading options, on {@code input}. */
  private static CliRunner run(String[] args, Path input) {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of(Kijiji.options("--shingle", "char:10")));
    all.add(input.toString());
    return CliRunner.run(all.toArray(String[]::new));
  }

  private static Map<String, List<Double>> byQuery(String out) {
    Map<String, List<Double>> answers = new LinkedHashMap<>();
    out.lines()
        .forEach(
            line -> {
              String[] f = line.split("\t");
              answers.computeIfAbsent(f[0], q -> new ArrayList<>()).add(Double.parseDouble(f[2]));
            });
    return answers;
  }
}
