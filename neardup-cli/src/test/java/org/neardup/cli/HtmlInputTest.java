package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** HTML inputs through the real CLI: texts extracted from markup, for pairs, dedup and explain. */
class HtmlInputTest {
  @TempDir Path dir;

  /**
   * A news site's page: the same template (navigation, header, sidebar, footer, scripts) around an
   * article.
   */
  static String page(String title, String body) {
    return """
    <!DOCTYPE html>
    <html lang="en"><head><meta charset="utf-8"><title>%s | The Riverside Courier</title>
    <link rel="stylesheet" href="/static/css/site.min.css?v=20231102">
    <script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('js',new Date());</script>
    <style>.nav-item{display:inline-block;padding:4px 8px}.footer-links a{color:#666}</style></head>
    <body class="article-page">
    <header class="site-header"><div class="logo"><a href="/">The Riverside Courier</a></div>
    <nav class="main-nav"><ul><li class="nav-item"><a href="/news">News</a></li><li class="nav-item"><a href="/politics">Politics</a></li>
    <li class="nav-item"><a href="/business">Business</a></li><li class="nav-item"><a href="/sport">Sport</a></li>
    <li class="nav-item"><a href="/culture">Culture</a></li><li class="nav-item"><a href="/opinion">Opinion</a></li></ul></nav>
    <div class="subscribe">Subscribe to our daily newsletter and never miss a story from the Riverside region</div></header>
    <main><article class="story"><h1>%s</h1><p class="byline">By our staff reporter</p>
    <div class="story-body"><p>%s</p></div></article></main>
    <aside class="sidebar"><h2>Most read</h2><ol><li><a href="/news/1">Council approves new budget for road repairs</a></li>
    <li><a href="/news/2">Local bakery wins national award for sourdough bread</a></li>
    <li><a href="/news/3">Weather warning issued for the weekend as storms approach</a></li></ol></aside>
    <footer class="site-footer"><div class="footer-links"><a href="/about">About us</a> <a href="/contact">Contact</a>
    <a href="/privacy">Privacy policy</a> <a href="/terms">Terms of use</a> <a href="/advertise">Advertise with us</a></div>
    <p>Copyright The Riverside Courier. All rights reserved. Registered office: 12 Harbour Street, Riverside.</p></footer>
    <script src="/static/js/vendor.bundle.js"></script><script>document.querySelectorAll('.nav-item').forEach(function(e){e.addEventListener('click',function(){gtag('event','nav')})});</script>
    </body></html>
    """
        .formatted(title, title, body);
  }

  static final String BRIDGE =
      page(
          "Old stone bridge to reopen after two years of repairs",
          "The stone bridge over the river will open to pedestrians and cyclists again next month,"
              + " the county engineer said on Tuesday. Workers have replaced the damaged arches,"
              + " strengthened the foundations and laid a new surface. Cars will still have to use"
              + " the bypass until the load tests are finished in the spring.");
  static final String ORCHESTRA =
      page(
          "Youth orchestra plays its first concert abroad",
          "Sixty young musicians from the valley's schools travelled to Vienna last week for their"
              + " first concert outside the country. The programme included works by Dvorak and a"
              + " new piece written by their own conductor, and the audience called them back for"
              + " two encores before the hall closed.");

  private static double similarity(CliRunner run) {
    assertThat(run.exitCode).as(run.toString()).isZero();
    String line = run.out.lines().findFirst().orElse("a\tb\t0");
    return Double.parseDouble(line.split("\t")[2]);
  }

  private Path site() throws IOException {
    Path site = Files.createDirectories(dir.resolve("site"));
    Files.writeString(site.resolve("bridge.html"), BRIDGE);
    Files.writeString(site.resolve("orchestra.htm"), ORCHESTRA);
    return site;
  }

  @Test
  void unrelatedPagesOfOneTemplateAreFarApartOnceTheirTextIsExtracted() throws IOException {
    Path site = site();
    double markup =
        similarity(
            CliRunner.run("pairs", "-q", "--exact", "-t", "0.001", "--html=off", site.toString()));
    double visible =
        similarity(CliRunner.run("pairs", "-q", "--exact", "-t", "0.001", site.toString()));
    double main =
        similarity(
            CliRunner.run("pairs", "-q", "--exact", "-t", "0.001", "--html=main", site.toString()));
    assertThat(markup).as("markup").isGreaterThan(0.45);
    assertThat(visible).as("visible text: the template's own words stay").isLessThan(markup);
    assertThat(main).as("main content").isLessThan(0.1);
  }

  @Test
  void aCopyOfAPageInAnotherTemplateIsFoundByItsMainContent() throws IOException {
    Path site = site();
    Files.writeString(
        site.resolve("mirror.html"),
        "<html><body><div id=\"menu\">Home | Archive | Links</div><main><h1>Old stone bridge to"
            + " reopen after two years of repairs</h1><p>The stone bridge over the river will open"
            + " to pedestrians and cyclists again next month, the county engineer said on Tuesday."
            + " Workers have replaced the damaged arches, strengthened the foundations and laid a"
            + " new surface. Cars will still have to use the bypass until the load tests are"
            + " finished in the spring.</p></main></body></html>");
    CliRunner run = CliRunner.run("pairs", "-q", "--html=main", site.toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out).startsWith("bridge.html\tmirror.html\t");
  }

  @Test
  void aJsonLinesFieldOfHtmlIsExtractedAndDedupWritesTheRecordsAsTheyWere() throws IOException {
    String bridge = BRIDGE.replace("\n", " ").replace("\"", "\\\"");
    String orchestra = ORCHESTRA.replace("\n", " ").replace("\"", "\\\"");
    String lines =
        "{\"id\":\"a\",\"url\":\"https://example.org/a\",\"html\":\""
            + bridge
            + "\"}\n"
            + "{\"id\":\"b\",\"url\":\"https://example.org/b\",\"html\":\""
            + orchestra
            + "\"}\n"
            + "{\"id\":\"c\",\"url\":\"https://example.org/c\",\"html\":\""
            + bridge.replace("Tuesday", "Wednesday")
            + "\"}\n";
    Path input = Files.writeString(dir.resolve("pages.jsonl"), lines);
    CliRunner pairs =
        CliRunner.run(
            "pairs",
            "-q",
            "--html=main",
            "--html-field",
            "html",
            "--text-field",
            "html",
            input.toString());
    assertThat(pairs.exitCode).as(pairs.toString()).isZero();
    assertThat(pairs.out.lines()).hasSize(1).allMatch(line -> line.startsWith("a\tc\t"));

    Path output = dir.resolve("dedup.jsonl");
    CliRunner dedup =
        CliRunner.run(
            "dedup",
            "-q",
            "--html=main",
            "--html-field",
            "html",
            "--text-field",
            "html",
            "-o",
            output.toString(),
            input.toString());
    assertThat(dedup.exitCode).as(dedup.toString()).isZero();
    assertThat(Files.readString(output))
        .isEqualTo(lines.lines().limit(2).map(line -> line + "\n").reduce("", String::concat));
  }

  @Test
  void dedupOfADirectoryOfPagesCopiesTheFilesKeptAsTheyWere() throws IOException {
    Path site = site();
    Files.writeString(site.resolve("copy.html"), BRIDGE.replace("Tuesday", "Wednesday"));
    CliRunner pairs = CliRunner.run("pairs", "-q", site.toString());
    assertThat(pairs.exitCode).as(pairs.toString()).isZero();
    assertThat(pairs.out.lines())
        .hasSize(1)
        .allMatch(line -> line.startsWith("bridge.html\tcopy.html\t"));

    Path clean = dir.resolve("clean");
    CliRunner dedup = CliRunner.run("dedup", "-q", "-o", clean.toString(), site.toString());

    assertThat(dedup.exitCode).as(dedup.toString()).isZero();
    try (var files = Files.list(clean)) {
      assertThat(files.map(f -> f.getFileName().toString()))
          .containsExactlyInAnyOrder("bridge.html", "orchestra.htm");
    }
    assertThat(Files.readString(clean.resolve("bridge.html"))).isEqualTo(BRIDGE);
  }

  @Test
  void explainComparesTheExtractedText() throws IOException {
    Path site = site();
    CliRunner run =
        CliRunner.run("explain", "--id", "bridge.html", "--id", "orchestra.htm", site.toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out)
        .contains("A: bridge.html: The Riverside Courier News Politics")
        .doesNotContain("<nav");
  }

  @Test
  void anHtmlFieldWithoutHtmlIsAUsageError() throws IOException {
    Path input = Files.writeString(dir.resolve("pages.jsonl"), "{\"id\":\"a\",\"text\":\"x\"}\n");
    CliRunner run = CliRunner.run("pairs", "--html-field", "text", input.toString());
    assertThat(run.exitCode).isEqualTo(2);
    assertThat(run.err).contains("--html-field names a field that holds HTML: give --html");
  }
}
