package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.cli.tune.StringShingles;
import org.neardup.options.Formats;
import org.neardup.shingle.ShingleConfig;
import org.neardup.text.Normalizer;
import org.neardup.text.NormalizerConfig;

class ReportCommandTest {
  static final List<String> SECTIONS =
      List.of(
          "parameters",
          "counts",
          "histogram",
          "clusters",
          "removals",
          "lowest-pairs",
          "cluster-pairs");

  private static final String HOSTILE =
      "<script>alert(\"x\")</script> & <b>bold</b> 'quoted' offer: flat near the station with two"
          + " rooms";

  private static final String R1 =
      "Bright flat in Rome near the metro, two rooms, kitchen, balcony, 480 euro a month";
  private static final String R2 =
      "Bright flat in Rome near the metro, two rooms, kitchen, balcony, 750 euro a month";

  @TempDir Path dir;

  private static double jaccard(String a, String b) {
    Normalizer normalizer = new Normalizer(NormalizerConfig.DEFAULT);
    return StringShingles.jaccard(
        StringShingles.of(normalizer.normalize(a), ShingleConfig.DEFAULT),
        StringShingles.of(normalizer.normalize(b), ShingleConfig.DEFAULT));
  }

  private Path corpus() throws IOException {
    return Files.writeString(
        dir.resolve("ads.tsv"),
        "r1\tBright flat in Rome near the metro, two rooms, kitchen, balcony, 480 euro a month\n"
            + "g1\tGardening tools for sale, barely used, pick up only\n"
            + "r2\t"
            + R2
            + "\n"
            + "h1\t"
            + HOSTILE
            + "\n"
            + "c1\tCopy shop services in the city centre, open every day of the week\n"
            + "h2\t"
            + HOSTILE
            + "!\n"
            + "c2\tCopy shop services in the city centre, open every day of the week\n"
            + "c3\tcopy shop services in the city centre, open every day of the week\n");
  }

  private Document report(String... extra) throws IOException {
    Path html = dir.resolve("report.html");
    String[] args = new String[extra.length + 5];
    args[0] = "report";
    args[1] = "-o";
    args[2] = html.toString();
    args[3] = "-t";
    args[4] = "0.7";
    System.arraycopy(extra, 0, args, 5, extra.length);
    CliRunner run = CliRunner.run(args);
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out).isEmpty();
    try (var files = Files.list(dir)) {
      assertThat(files).noneMatch(p -> p.getFileName().toString().endsWith(".tmp"));
    }
    return Jsoup.parse(html.toFile(), "UTF-8");
  }

  @Test
  void hasEverySectionWithItsStableId() throws IOException {
    Document html = report(corpus().toString());
    for (String id : SECTIONS) {
      assertThat(html.getElementById(id)).as(id).isNotNull();
      assertThat(html.getElementById(id).tagName()).isEqualTo("section");
    }
    Element parameters = html.getElementById("parameters");
    assertThat(parameters.text())
        .contains("threshold 0.7")
        .contains("shingle char:5")
        .contains("bands=")
        .contains("nfkc,lower,collapse")
        .contains(corpus().toString() + " (tsv)");
    Element counts = html.getElementById("counts");
    assertThat(value(counts, "documents")).isEqualTo("8");
    assertThat(value(counts, "pairs found (J >= 0.7)")).isEqualTo("5");
    assertThat(value(counts, "clusters")).isEqualTo("3");
    assertThat(value(counts, "duplicates (dedup would remove)")).isEqualTo("4");
    assertThat(value(counts, "skipped records")).isEqualTo("0");
  }

  @Test
  void isSelfContained() throws IOException {
    Document html = report(corpus().toString());
    assertThat(html.select("script, link, img, iframe, object, embed")).isEmpty();
    assertThat(html.select("[src]")).isEmpty();
    assertThat(html.select("a[href]")).allSatisfy(a -> assertThat(a.attr("href")).startsWith("#"));
    assertThat(html.select("style").html()).doesNotContain("url(").doesNotContain("@import");
    assertThat(html.select("#histogram svg")).hasSize(1);
    String svg = html.selectFirst("#histogram svg").outerHtml();
    assertThat(svg)
        .doesNotContain("href")
        .doesNotContain("<image")
        .doesNotContain("font")
        .doesNotContain("<!DOCTYPE");
    assertThat(svg.replaceAll("url\\(#histogram-clip-\\d+\\)", "")).doesNotContain("url(");
  }

  @Test
  void inputTextIsEscaped() throws IOException {
    Document html = report(corpus().toString());
    assertThat(html.select("script")).isEmpty();
    assertThat(html.select(".text b")).isEmpty();
    Element hostilePair =
        html.select("article.pair").stream()
            .filter(p -> p.selectFirst("h3").text().contains("h1 ~ h2"))
            .findFirst()
            .orElseThrow();
    assertThat(hostilePair.select(".side").get(0).selectFirst(".text").text()).isEqualTo(HOSTILE);
    assertThat(hostilePair.select(".side").get(1).select("ins").text()).isEqualTo("rooms!");
    assertThat(hostilePair.select(".side").get(0).select("del").text()).isEqualTo("rooms");
  }

  /** U+202E in an id would show "gnp.exe" as "exe.png": the report shows the control instead. */
  @Test
  void bidiControlsInIdsAreShownNotObeyed() throws IOException {
    Path input =
        Files.writeString(
            dir.resolve("bidi.tsv"),
            "ad-\u202Egnp.exe\tBright flat in Rome near the metro, two rooms, kitchen, balcony\n"
                + "ad-\u2067b\tBright flat in Rome near the metro, two rooms, kitchen, balcony!\n");
    Path html = dir.resolve("bidi.html");
    CliRunner run = CliRunner.run("report", "-o", html.toString(), "-t", "0.7", input.toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    String page = Files.readString(html);
    assertThat(page)
        .contains("ad-⟨U+202E⟩gnp.exe")
        .contains("ad-⟨U+2067⟩b")
        .doesNotContain("\u202E")
        .doesNotContain("\u2067");
  }

  @Test
  void sideBySideTextsMarkExactlyTheDifferingWords() throws IOException {
    Document html = report(corpus().toString());
    Element pair = html.select("#lowest-pairs article.pair").first();
    assertThat(pair.selectFirst("h3").text())
        .isEqualTo("r1 ~ r2 J = " + Formats.similarity(jaccard(R1, R2)));
    List<Element> sides = pair.select(".side");
    assertThat(sides).hasSize(2);
    assertThat(sides.get(0).selectFirst(".id").text()).isEqualTo("r1");
    assertThat(sides.get(0).select("del").eachText()).containsExactly("480");
    assertThat(sides.get(0).select("ins")).isEmpty();
    assertThat(sides.get(1).select("ins").eachText()).containsExactly("750");
    assertThat(sides.get(1).select("del")).isEmpty();
    assertThat(sides.get(1).selectFirst(".text").text()).isEqualTo(R2);
  }

  @Test
  void removalsShowTheKeptMatchBesideTheRemovedTextLeastSimilarFirst() throws IOException {
    Document html = report(corpus().toString());
    List<Element> removals = html.select("#removals article.pair");
    assertThat(removals).hasSize(4);
    Element closest = removals.get(0);
    assertThat(closest.selectFirst("h3").text())
        .isEqualTo("r1 keeps r2 J = " + Formats.similarity(jaccard(R1, R2)));
    List<Element> sides = closest.select(".side");
    assertThat(sides.get(0).selectFirst(".id").text()).isEqualTo("r1");
    assertThat(sides.get(0).select("del").eachText()).containsExactly("480");
    assertThat(sides.get(1).selectFirst(".id").text()).isEqualTo("r2");
    assertThat(sides.get(1).select("ins").eachText()).containsExactly("750");
    assertThat(removals.stream().map(r -> r.selectFirst("h3 .ids").text()))
        .containsExactlyInAnyOrder("r1 keeps r2", "h1 keeps h2", "c1 keeps c2", "c1 keeps c3");
    assertThat(report("--removals", "1", corpus().toString()).select("#removals article.pair"))
        .hasSize(1);
  }

  @Test
  void largestClustersComeFirstWithTheirMembers() throws IOException {
    Document html = report(corpus().toString());
    List<Element> rows = html.select("#clusters tr[id]");
    assertThat(rows).hasSize(3);
    assertThat(rows.get(0).select("td").get(1).text()).isEqualTo("3");
    assertThat(rows.get(0).select("td.ids").text()).startsWith("c1, c2, c3");
    // c1, c2, c3 differ only by case: identical after normalization, shown once
    assertThat(html.getElementById("cluster-1-pairs").text())
        .contains("3 members, all with identical shingle sets");
    assertThat(html.select("#cluster-pairs .identical .text").first().text())
        .isEqualTo("Copy shop services in the city centre, open every day of the week");
    assertThat(html.getElementById("cluster-2-pairs").text())
        .contains("2 members, lowest similarity");
  }

  @Test
  void histogramHasABarPerBinAndSaysWhatItLeavesOut() throws IOException {
    Document html = report(corpus().toString());
    // threshold 0.7: bins of 0.02 from 0.70 to 1: a bar each in the chart (XChart fills each bar,
    // empty ones
    // with height 0, as one path of the bar colour) and a row each in the table
    assertThat(html.select("#histogram svg path[style*=fill:rgb(74,127,212)]")).hasSize(15);
    List<Element> bins = html.select("#histogram table.bins tr:has(td)");
    assertThat(bins).hasSize(15);
    assertThat(bins.get(0).child(0).text()).isEqualTo("[0.70, 0.72)");
    assertThat(bins.get(14).child(0).text()).isEqualTo("[0.98, 1.00]");
    assertThat(html.select("#histogram p").text()).contains("not drawn: 3 pairs with similarity 1");
    long drawn =
        bins.stream().mapToLong(row -> Long.parseLong(row.child(1).text().replace(",", ""))).sum();
    assertThat(drawn).isEqualTo(2);
    assertThat(html.selectFirst("#histogram svg").attr("aria-label"))
        .isEqualTo("pairs by exact Jaccard similarity");
  }

  @Test
  void limitsApplyAndNoPairsIsAnEmptyReport() throws IOException {
    Document limited = report("--least-similar", "1", "--top-clusters", "1", corpus().toString());
    assertThat(limited.select("#lowest-pairs article.pair")).hasSize(1);
    assertThat(limited.select("#clusters tr[id]")).hasSize(1);
    Path distinct =
        Files.writeString(dir.resolve("distinct.tsv"), "a\tone text\nb\tanother thing\n");
    Document empty = report(distinct.toString());
    assertThat(empty.getElementById("histogram").text()).contains("No pairs found.");
    assertThat(empty.getElementById("clusters").text()).contains("No clusters.");
    assertThat(CliRunner.run("report", "--least-similar", "-1", distinct.toString()).exitCode)
        .isEqualTo(2);
  }

  private static String value(Element table, String key) {
    return table.select("tr").stream()
        .filter(row -> row.selectFirst("th").text().equals(key))
        .map(row -> row.selectFirst("td").text())
        .findFirst()
        .orElseThrow(() -> new AssertionError("no row " + key));
  }
}
