package org.neardup.cli.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.neardup.tune.Histogram;

class HistogramFigureTest {
  private static final String BAR_STYLE = "fill:rgb(74,127,212)";
  private static final Pattern POINT = Pattern.compile("(-?[\\d.]+),(-?[\\d.]+)");

  /** Counts 0, 1, 2, 4, 8, 0, 16 in bins of 0.05 from 0.65. */
  private static Histogram histogram() {
    double[] values = {
      0.71, 0.76, 0.77, 0.81, 0.82, 0.83, 0.84, 0.86, 0.86, 0.87, 0.87, 0.88, 0.88, 0.89, 0.89,
      0.96, 0.96, 0.96, 0.96, 0.96, 0.96, 0.96, 0.96, 0.97, 0.97, 0.97, 0.97, 0.97, 0.97, 0.97, 0.97
    };
    return Histogram.of(values, 0.65, 1, 7);
  }

  @Test
  void drawsABarPerBinWithHeightsInProportionToTheCounts() {
    Histogram histogram = histogram();
    Element svg =
        Jsoup.parse(HistogramFigure.svg(histogram, "exact Jaccard similarity", "pairs"))
            .selectFirst("svg");
    List<Element> bars = svg.select("path[style*=" + BAR_STYLE + "]");
    assertThat(bars).hasSize(histogram.bins());
    double unit = height(bars.get(6)) / 16;
    assertThat(unit).isPositive();
    for (int i = 0; i < histogram.bins(); i++) {
      assertThat(height(bars.get(i)))
          .as("bin %d", i)
          .isCloseTo(histogram.count(i) * unit, within(0.05));
    }
    for (int i = 1; i < bars.size(); i++) {
      assertThat(left(bars.get(i))).isGreaterThan(left(bars.get(i - 1)));
    }
  }

  @Test
  void isInlineLabelledAndTheSameEveryTime() {
    String svg = HistogramFigure.svg(histogram(), "exact Jaccard similarity", "pairs");
    assertThat(svg)
        .startsWith(
            "<svg class=\"histogram\" role=\"img\" aria-label=\"pairs by exact Jaccard"
                + " similarity\"")
        .contains("<title>pairs by exact Jaccard similarity</title>")
        .contains("id=\"histogram-clip-1\"")
        .doesNotContain("<?xml")
        .doesNotContain("DOCTYPE")
        .doesNotContain("xlink")
        .doesNotContain("href");
    assertThat(HistogramFigure.svg(histogram(), "exact Jaccard similarity", "pairs"))
        .isEqualTo(svg);
  }

  @Test
  void anEmptyHistogramStillHasAnAxis() {
    Histogram empty = Histogram.of(new double[0], 0.8, 1, 20);
    Element svg = Jsoup.parse(HistogramFigure.svg(empty, "x", "pairs")).selectFirst("svg");
    assertThat(svg.select("path[style*=" + BAR_STYLE + "]"))
        .hasSize(20)
        .allSatisfy(bar -> assertThat(height(bar)).isZero());
  }

  @Test
  void tableHasARowPerBinWithItsIntervalAndCount() {
    Element table =
        Jsoup.parse(HistogramFigure.table(histogram(), "similarity", "pairs"))
            .selectFirst("table.bins");
    List<Element> rows = table.select("tr:has(td)");
    assertThat(rows)
        .extracting(row -> row.child(0).text() + " " + row.child(1).text())
        .containsExactly(
            "[0.65, 0.70) 0",
            "[0.70, 0.75) 1",
            "[0.75, 0.80) 2",
            "[0.80, 0.85) 4",
            "[0.85, 0.90) 8",
            "[0.90, 0.95) 0",
            "[0.95, 1.00] 16");
    assertThat(table.select("th").eachText()).containsExactly("similarity", "pairs");
  }

  /**
   * As the hand-drawn chart did: a step of about a quarter of the tallest bar, the top a multiple
   * of it.
   */
  @Test
  void countAxisEndsOnARoundNumberAboveTheTallestBar() {
    assertThat(HistogramFigure.top(0)).isEqualTo(1);
    assertThat(HistogramFigure.top(1)).isEqualTo(1);
    assertThat(HistogramFigure.top(3)).isEqualTo(3);
    assertThat(HistogramFigure.top(357)).isEqualTo(400);
    assertThat(HistogramFigure.top(1000)).isEqualTo(1000);
    assertThat(HistogramFigure.top(10_362)).isEqualTo(15_000);
  }

  /** The height of a bar: XChart writes it as a closed path of four corners. */
  private static double height(Element bar) {
    double[] ys = coordinates(bar, 2);
    return Arrays.stream(ys).max().orElseThrow() - Arrays.stream(ys).min().orElseThrow();
  }

  private static double left(Element bar) {
    return Arrays.stream(coordinates(bar, 1)).min().orElseThrow();
  }

  private static double[] coordinates(Element bar, int group) {
    Matcher m = POINT.matcher(bar.attr("d"));
    return m.results().mapToDouble(r -> Double.parseDouble(r.group(group))).toArray();
  }
}
