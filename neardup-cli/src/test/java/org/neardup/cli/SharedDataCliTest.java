package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.neardup.diff.WordDiff;
import org.neardup.input.InputProblems;
import org.neardup.input.OnError;
import org.neardup.io.DocumentReader;
import org.neardup.io.DocumentReaders;
import org.neardup.testkit.SharedData;
import org.neardup.text.Normalizer;
import org.neardup.text.NormalizerConfig;

/**
 * The acceptance commands on ../shared/data (SharedData: skipped when absent, failing under
 * CI).
 */
class SharedDataCliTest {

  @TempDir Path dir;

  @ParameterizedTest
  @ValueSource(ints = {100, 1000, 2500})
  void articlesPairsAreExactlyTheTruthAndEvalSaysSo(int size) throws IOException {
    Path train = SharedData.file("articles/articles_" + size + ".train");
    Path truth = SharedData.file("articles/articles_" + size + ".truth");
    Path found = dir.resolve("found.tsv");
    CliRunner pairs =
        CliRunner.run(
            "pairs",
            "-q",
            "--format",
            "lines",
            "--shingle",
            "char:9",
            "-o",
            found.toString(),
            train.toString());
    assertThat(pairs.exitCode).as(pairs.toString()).isZero();
    Set<String> foundPairs = new HashSet<>();
    for (String line : Files.readAllLines(found)) {
      String[] f = line.split("\t");
      assertThat(f[0].compareTo(f[1])).isNegative();
      assertThat(f[2]).matches("\\d\\.\\d{6}");
      foundPairs.add(f[0] + " " + f[1]);
    }
    Set<String> truthPairs = new HashSet<>();
    for (String line : Files.readAllLines(truth)) {
      String[] f = line.strip().split("\\s+");
      truthPairs.add(f[0].compareTo(f[1]) < 0 ? f[0] + " " + f[1] : f[1] + " " + f[0]);
    }
    assertThat(foundPairs).isEqualTo(truthPairs);
    CliRunner eval =
        CliRunner.run("eval", "--truth", truth.toString(), "--found", found.toString());
    assertThat(eval.out)
        .contains("precision        1.000000")
        .contains("recall           1.000000");
  }

  /**
   * The report of the Kijiji listings: clusters listed, and for every pair shown, each side is the
   * listing's own text, and the two sides agree (after normalization) once the marked words are
   * taken out, so the marks are exactly the differences.
   */
  @Test
  void kijijiReportShowsClustersAndMarksTheDifferencesOfEachPair() throws IOException {
    Path kijiji = Kijiji.file();
    Path html = dir.resolve("kijiji.html");
    List<String> args = new ArrayList<>(List.of("report", "-q"));
    args.addAll(Kijiji.OPTIONS);
    args.addAll(List.of("--shingle", "char:10", "-o", html.toString(), kijiji.toString()));
    CliRunner.ok(args);
    Document report = Jsoup.parse(html.toFile(), "UTF-8");
    for (String id : ReportCommandTest.SECTIONS) {
      assertThat(report.getElementById(id)).as(id).isNotNull();
    }
    assertThat(report.getElementById("counts").text())
        .contains("documents 2,627")
        .contains("pairs found (J >= 0.8) 10,362");
    List<Element> clusters = report.select("#clusters tr[id]");
    assertThat(clusters).hasSize(10);
    assertThat(clusters.get(0).select("td").get(1).text()).isEqualTo("68");

    Map<String, String> texts = new HashMap<>();
    try (DocumentReader reader =
        DocumentReaders.open(kijiji, Kijiji.INPUT, new InputProblems(OnError.FAIL))) {
      for (org.neardup.input.Document d; (d = reader.next()) != null; ) texts.put(d.id(), d.text());
    }
    Normalizer normalizer = new Normalizer(NormalizerConfig.DEFAULT);
    List<Element> pairs = report.select("article.pair");
    assertThat(pairs).hasSizeGreaterThanOrEqualTo(50);
    int marked = 0;
    for (Element pair : pairs) {
      List<Element> sides = pair.select(".side");
      if (!sides.get(0).select(".skip").isEmpty()) {
        continue; // a long text, partly elided
      }
      assertThat(sides.get(0).selectFirst(".text").text())
          .isEqualTo(
              String.join(" ", WordDiff.words(texts.get(sides.get(0).selectFirst(".id").text()))));
      assertThat(sides.get(1).selectFirst(".text").text())
          .isEqualTo(
              String.join(" ", WordDiff.words(texts.get(sides.get(1).selectFirst(".id").text()))));
      Element left = sides.get(0).selectFirst(".text").clone();
      left.select("del").remove();
      Element right = sides.get(1).selectFirst(".text").clone();
      right.select("ins").remove();
      assertThat(normalizer.normalize(left.text()))
          .as(pair.id())
          .isEqualTo(normalizer.normalize(right.text()));
      if (!sides.get(0).select("del").isEmpty() || !sides.get(1).select("ins").isEmpty()) {
        marked++;
      }
    }
    assertThat(marked).isGreaterThanOrEqualTo(40);
  }
}
