package org.neardup.cli.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.ChartEncoder;
import org.knowm.xchart.style.CategoryStyler;
import org.neardup.tune.Histogram;

/**
 * A {@link Histogram} for the report: a bar chart drawn by XChart (a {@link CategoryChart}, one bar
 * a bin, each labelled by its lower edge), exported as SVG by XChart's VectorGraphics2D encoder and
 * made fit to inline by {@link InlineSvg}; and the same counts as an HTML table, for exact values
 * and for readers that do not see the chart.
 */
final class HistogramFigure {
  /** The bars' colour. */
  static final Color BAR = new Color(0x4a, 0x7f, 0xd4);

  private static final int WIDTH = 760;
  private static final int HEIGHT = 300;
  private static final Color TEXT = new Color(0x1d, 0x1d, 0x1f);
  private static final Color GRID = new Color(0xe5, 0xe7, 0xeb);
  private static final Color AXIS = new Color(0x57, 0x60, 0x6a);

  private HistogramFigure() {}

  /** The chart of {@code histogram}, x axis titled {@code xTitle}, y axis {@code yTitle}. */
  static CategoryChart chart(Histogram histogram, String xTitle, String yTitle) {
    CategoryChart chart =
        new CategoryChartBuilder()
            .width(WIDTH)
            .height(HEIGHT)
            .xAxisTitle(xTitle)
            .yAxisTitle(yTitle)
            .build();
    List<String> bins = new ArrayList<>();
    List<Long> counts = new ArrayList<>();
    for (int i = 0; i < histogram.bins(); i++) {
      bins.add(String.format(Locale.ROOT, "%.2f", histogram.lower(i)));
      counts.add(histogram.count(i));
    }
    chart.addSeries(yTitle, bins, counts).setFillColor(BAR);
    CategoryStyler styler = chart.getStyler();
    styler.setLegendVisible(false);
    styler.setChartBackgroundColor(Color.WHITE);
    styler.setChartPadding(8);
    styler.setChartFontColor(TEXT);
    styler.setPlotBorderVisible(false);
    styler.setPlotGridVerticalLinesVisible(false);
    // Solid lines: VectorGraphics2D writes a dashed line as one shape a dash.
    styler.setPlotGridLinesStroke(new BasicStroke(1f));
    styler.setPlotGridLinesColor(GRID);
    styler.setAxisTickMarksStroke(new BasicStroke(1f));
    styler.setAxisTickMarksColor(AXIS);
    styler.setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
    styler.setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
    styler.setAvailableSpaceFill(0.9);
    // Bin labels at least 40 px apart (every other bin of 20); the table below has every interval.
    styler.setXAxisTickMarkSpacingHint(40);
    styler.setYAxisMin(0.0);
    styler.setYAxisMax((double) top(histogram.maxCount()));
    // Counts are whole: a tick between two integers is drawn without a label.
    styler.setYAxisTickLabelsFormattingFunction(
        v -> v == Math.rint(v) ? String.format(Locale.ROOT, "%,d", (long) (double) v) : "");
    return chart;
  }

  /**
   * The top of the count axis: {@code maxCount} rounded up to a multiple of a step of 1, 2 or 5
   * times a power of ten, about a quarter of it, so the tallest bar has room above it; 1 at least.
   */
  static long top(long maxCount) {
    long step = niceStep(Math.max(1, maxCount) / 4.0);
    return Math.max(step, (maxCount + step - 1) / step * step);
  }

  /** The smallest 1, 2 or 5 times a power of ten that is at least {@code raw} (at least 1). */
  static long niceStep(double raw) {
    long power = 1;
    while (true) {
      for (long factor : new long[] {1, 2, 5}) {
        if (factor * power >= raw) {
          return factor * power;
        }
      }
      power *= 10;
    }
  }

  /** The chart of {@code histogram} as inline SVG (class {@code histogram}), deterministic. */
  static String svg(Histogram histogram, String xTitle, String yTitle) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      ChartEncoder.saveChart(chart(histogram, xTitle, yTitle), out, "svg");
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a ByteArrayOutputStream does not throw
    }
    String label = yTitle + " by " + xTitle;
    return InlineSvg.of(out.toString(StandardCharsets.UTF_8), "histogram", "histogram", label);
  }

  /**
   * The counts of {@code histogram} as a table (class {@code bins}) of one row a bin: the bin as an
   * interval, {@code [lower, upper)} or {@code [lower, upper]} for the last, and its count.
   */
  static String table(Histogram histogram, String xTitle, String yTitle) {
    StringBuilder html =
        new StringBuilder("<table class=\"bins\">\n<tr><th>")
            .append(Html.escape(xTitle))
            .append("</th><th class=\"num\">")
            .append(Html.escape(yTitle))
            .append("</th></tr>\n");
    for (int i = 0; i < histogram.bins(); i++) {
      html.append(
          String.format(
              Locale.ROOT,
              "<tr><td>[%.2f, %.2f%s</td><td class=\"num\">%,d</td></tr>%n",
              histogram.lower(i),
              histogram.upper(i),
              i == histogram.bins() - 1 ? "]" : ")",
              histogram.count(i)));
    }
    return html.append("</table>\n").toString();
  }
}
