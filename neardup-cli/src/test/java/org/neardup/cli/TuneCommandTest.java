package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.parser.Parser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.synth.CorpusGenerator;
import org.neardup.synth.GeneratedCorpus;

class TuneCommandTest {
  private static final byte[] PNG_MAGIC = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

  @TempDir Path dir;

  private static String probability(double s, int b, int r) {
    return String.format(Locale.ROOT, "%.6f", 1 - Math.pow(1 - Math.pow(s, r), b));
  }

  @Test
  void printsTheBandingFirstThenTheCurveAroundTheThreshold() {
    CliRunner run = CliRunner.run("tune", "--threshold", "0.8", "--permutations", "128");
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out.lines().findFirst()).contains("bands=21 rows=6");
    for (String s : new String[] {"0.6", "0.7", "0.75", "0.8", "0.85", "0.9"}) {
      assertThat(run.out)
          .containsPattern(
              "(?m)^  "
                  + Pattern.quote(s)
                  + " +"
                  + Pattern.quote(probability(Double.parseDouble(s), 21, 6)));
    }
    assertThat(run.out).contains("0.8     0.998312   <- threshold");
    assertThat(run.out)
        .contains(
            String.format(
                Locale.ROOT,
                "expected false-candidate rate: %.6f",
                org.neardup.lsh.LshParams.of(21, 6).falseCandidateRate(0.8)));
    assertThat(run.out).doesNotContain("SAMPLE");
  }

  @Test
  void alternativesAreComparedWithTheChoice() {
    CliRunner run = CliRunner.run("tune");
    assertThat(run.out).containsPattern("(?m)^ +25 +5 +125 +0\\.999951 .*$");
    assertThat(run.out).containsPattern("(?m)^ +21 +6 +126 +0\\.998312 +\\S+ +chosen$");
    assertThat(run.out)
        .containsPattern(
            "(?m)^ +18 +7 +126 +" + probability(0.8, 18, 7) + " +\\S+ +below target 0\\.99$");
  }

  @Test
  void theBandingIsTheOneThatPairsUsesWithTheSameOptions() throws IOException {
    Path corpus =
        Files.writeString(dir.resolve("c.tsv"), "a\tsome text here\nb\tsome text there\n");
    String[][] options = {
      {"-t", "0.5"},
      {"-t", "0.9", "--permutations", "64"},
      {"-t", "0.7", "--target-recall", "0.9"},
      {"--bands", "16", "--rows", "8"}
    };
    for (String[] option : options) {
      CliRunner tune = CliRunner.run(concat(new String[] {"tune"}, option));
      CliRunner pairs =
          CliRunner.run(
              concat(concat(new String[] {"pairs"}, option), new String[] {corpus.toString()}));
      String banding = tune.out.lines().findFirst().orElseThrow();
      assertThat(banding).matches("bands=\\d+ rows=\\d+");
      assertThat(pairs.err)
          .as(Arrays.toString(option))
          .contains("neardup: " + banding + ", P(candidate");
    }
    assertThat(CliRunner.run("tune", "--bands", "16", "--rows", "8").out)
        .contains("as set with --bands and --rows");
  }

  @Test
  void aSmallInputIsEnumeratedExactly() throws IOException {
    Path corpus =
        Files.writeString(
            dir.resolve("c.tsv"),
            "a\tthe quick brown fox jumps over the lazy dog\n"
                + "b\tthe quick brown fox jumps over the lazy dog\n"
                + "c\tsomething else\n");
    CliRunner run = CliRunner.run("tune", corpus.toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out)
        .contains("all 3 pairs of the 3 documents")
        .doesNotContain("SAMPLE")
        .doesNotContain("±");
    assertThat(run.out).containsPattern("(?m)^  \\[0\\.9, 1\\.0\\] +1 +0\\.3333 ");
    assertThat(run.out).containsPattern("(?m)^pairs with J >= 0\\.8: +1\\.0$");
  }

  /**
   * The sample estimate of a generated corpus against the candidates of a real LSH run of 'pairs':
   * within 4 of the estimate's own standard errors.
   */
  @Test
  void theSampleEstimatePredictsTheCandidateCountOfPairs() throws IOException {
    GeneratedCorpus generated = new CorpusGenerator(1500, 0.4, 3, 0.3, 10, 50, 23).generate();
    Path corpus = GeneratedFiles.tsv(generated, dir.resolve("generated.tsv"));
    CliRunner tune =
        CliRunner.run("tune", "--sample", "100000", "--sample-seed", "5", corpus.toString());
    assertThat(tune.exitCode).as(tune.toString()).isZero();
    assertThat(tune.out)
        .contains(
            "SAMPLE ESTIMATE from 100,000 random pairs (seed 5) of the 1,124,250 pairs of 1,500"
                + " documents");
    assertThat(tune.out).contains("These are estimates, not counts");
    Matcher estimate =
        Pattern.compile("expected candidate pairs: +([\\d,.]+) ± ([\\d,.]+)").matcher(tune.out);
    assertThat(estimate.find()).as(tune.out).isTrue();
    double expected = Double.parseDouble(estimate.group(1).replace(",", ""));
    double standardError = Double.parseDouble(estimate.group(2).replace(",", ""));

    CliRunner pairs =
        CliRunner.run("pairs", "-o", dir.resolve("pairs.tsv").toString(), corpus.toString());
    Matcher candidates = Pattern.compile("(\\d+) candidate pairs").matcher(pairs.err);
    assertThat(candidates.find()).as(pairs.err).isTrue();
    assertThat(standardError).isPositive().isLessThan(0.3 * expected);
    assertThat(Double.parseDouble(candidates.group(1)))
        .isCloseTo(expected, within(4 * standardError));
  }

  /**
   * {@code --top-k-floor}: the floor banding, and with every pair of a corpus taken, the expected
   * floor candidates a query against the pairs that really share a floor band ('pairs' with that
   * banding forced): within 4 standard deviations of a sum of Bernoulli draws, sqrt(count). The
   * corpus draws its words from 3,000 random ones, so that pairs share few shingles and are nearly
   * independent draws of one hash function (on a corpus of pseudo-words from 60 syllables, the
   * pairs share a small universe of shingles and the count varies by 20% with the MinHash seed
   * around the same expectation). A floor at or above the threshold, or with containment, is a
   * usage error.
   */
  @Test
  void topKFloorCandidatesAQueryMatchTheFloorBandingsCandidatePairs() throws IOException {
    Path corpus = dir.resolve("words.tsv");
    Files.writeString(corpus, copiesOfRandomWords(400, 3000, 29));
    CliRunner tune =
        CliRunner.run("tune", "--top-k-floor", "0.3", "--sample", "100000", corpus.toString());
    assertThat(tune.exitCode).as(tune.toString()).isZero();
    assertThat(tune.out)
        .contains(
            "top-k floor 0.3: bands=64 rows=2, P(candidate | J = 0.3) = "
                + probability(0.3, 64, 2));
    assertThat(tune.out).contains("candidates a query (all pairs;");
    Matcher row =
        Pattern.compile("(?m)^  floor 0\\.3 +bands=64 rows=2 +([\\d,.]+) +([\\d.]+)% +chosen$")
            .matcher(tune.out);
    assertThat(row.find()).as(tune.out).isTrue();
    double perQuery = Double.parseDouble(row.group(1).replace(",", ""));
    assertThat(Double.parseDouble(row.group(2)))
        .isCloseTo(100 * perQuery / 399, within(0.15)); // perQuery is rounded
    assertThat(tune.out).containsPattern("(?m)^  threshold 0\\.8 +bands=21 rows=6 ");

    CliRunner pairs =
        CliRunner.run(
            "pairs",
            "--lsh",
            "-t",
            "0.3",
            "--bands",
            "64",
            "--rows",
            "2",
            "-o",
            dir.resolve("pairs.tsv").toString(),
            corpus.toString());
    Matcher candidates = Pattern.compile("(\\d+) candidate pairs").matcher(pairs.err);
    assertThat(candidates.find()).as(pairs.err).isTrue();
    double count = Double.parseDouble(candidates.group(1));
    assertThat(count).isGreaterThan(300);
    assertThat(2 * count / 400).isCloseTo(perQuery, within(2 * 4 * Math.sqrt(count) / 400 + 0.05));

    assertThat(CliRunner.run("tune", "--top-k-floor", "0.8").err)
        .contains("--top-k-floor must be in (0, the threshold 0.8)");
    assertThat(CliRunner.run("tune", "--top-k-floor", "0.8").exitCode).isEqualTo(2);
    assertThat(CliRunner.run("tune", "--top-k-floor", "0.3", "--measure", "containment").exitCode)
        .isEqualTo(2);
  }

  /**
   * {@code documents} lines (id TAB text): half originals of 20 to 60 words drawn from {@code
   * vocabulary} random words, half copies of them with each word replaced with probability up to
   * 0.8, so that pairs spread over every similarity.
   */
  private static String copiesOfRandomWords(int documents, int vocabulary, long seed) {
    java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
    String[] words = new String[vocabulary];
    for (int w = 0; w < vocabulary; w++) {
      StringBuilder word = new StringBuilder();
      for (int c = random.nextInt(4, 10); c > 0; c--) {
        word.append((char) ('a' + random.nextInt(26)));
      }
      words[w] = word.toString();
    }
    java.util.List<String[]> originals = new java.util.ArrayList<>();
    StringBuilder lines = new StringBuilder();
    for (int d = 0; d < documents; d++) {
      String[] text;
      if (d % 2 == 0) {
        text = new String[random.nextInt(20, 61)];
        for (int i = 0; i < text.length; i++) {
          text[i] = words[random.nextInt(vocabulary)];
        }
        originals.add(text);
      } else {
        text = originals.get(random.nextInt(originals.size())).clone();
        double rate = 0.8 * random.nextDouble();
        for (int i = 0; i < text.length; i++) {
          if (random.nextDouble() < rate) {
            text[i] = words[random.nextInt(vocabulary)];
          }
        }
      }
      lines.append("d").append(d).append('\t').append(String.join(" ", text)).append('\n');
    }
    return lines.toString();
  }

  @Test
  void plotsAValidPngAtomically() throws IOException {
    Path png = dir.resolve("curves.png");
    CliRunner run = CliRunner.run("tune", "--plot", png.toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out).contains("S-curves plotted to " + png);
    byte[] bytes = Files.readAllBytes(png);
    assertThat(Arrays.copyOf(bytes, 8)).isEqualTo(PNG_MAGIC);
    BufferedImage image = ImageIO.read(png.toFile());
    assertThat(image.getWidth()).isEqualTo(900);
    assertThat(image.getHeight()).isEqualTo(560);
    try (var files = Files.list(dir)) {
      assertThat(files).noneMatch(p -> p.getFileName().toString().endsWith(".tmp"));
    }
  }

  /**
   * The SVG parses, and draws each of the four curves (as line segments in its own colour) and the
   * threshold.
   */
  @Test
  void plotsAParseableSvgWithTheCurves() throws IOException {
    Path svg = dir.resolve("curves.svg");
    CliRunner run = CliRunner.run("tune", "--plot", svg.toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    Document document = Jsoup.parse(Files.readString(svg), "", Parser.xmlParser());
    assertThat(document.selectFirst("svg")).isNotNull();
    assertThat(document.selectFirst("svg").attr("viewBox")).isEqualTo("0 0 900 560");
    // chosen (31,78,168), then the alternatives' colours, each a curve of 200 segments
    for (String colour :
        new String[] {"rgb(31,78,168)", "rgb(217,95,2)", "rgb(27,158,119)", "rgb(127,60,141)"}) {
      long segments =
          document.select("line").stream()
              .filter(l -> l.attr("style").contains("stroke:" + colour))
              .count();
      assertThat(segments).as(colour).isGreaterThanOrEqualTo(150);
    }
    assertThat(
            document.select("line").stream()
                .filter(
                    l ->
                        l.attr("style").contains("stroke:rgb(128,128,128)")
                            && l.attr("x1").equals(l.attr("x2"))))
        .isNotEmpty();
  }

  @Test
  void aPlotThatIsNeitherPngNorSvgIsABadOptionAndWritesNothing() {
    Path pdf = dir.resolve("curves.pdf");
    CliRunner run = CliRunner.run("tune", "--plot", pdf.toString());
    assertThat(run.exitCode).isEqualTo(2);
    assertThat(run.err)
        .isEqualTo("neardup: --plot must name a .png or .svg file, got '" + pdf + "'\n");
    assertThat(run.out).isEmpty();
    assertThat(Files.exists(pdf)).isFalse();
  }

  private static String[] concat(String[] a, String[] b) {
    String[] all = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }
}
