package org.neardup.cli.tune;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.ChartEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.neardup.lsh.LshParams;
import org.neardup.options.Formats;
import org.neardup.options.OutputTarget;
import org.neardup.options.UsageException;
import org.neardup.tune.CurvePoint;

/**
 * The S-curves of a chosen banding and its alternatives, with the threshold marked, drawn with
 * XChart and written as PNG or SVG (by the file's extension), atomically.
 */
final class CurvePlot {
  private static final int STEPS = 200;
  private static final Color CHOSEN = new Color(0x1f, 0x4e, 0xa8);
  private static final Color[] OTHERS = {
    new Color(0xd9, 0x5f, 0x02), new Color(0x1b, 0x9e, 0x77), new Color(0x7f, 0x3c, 0x8d)
  };

  /** The output formats, chosen by file extension. */
  enum Format {
    PNG,
    SVG;

    /**
     * The format of {@code file}.
     *
     * @throws UsageException unless the name ends in .png or .svg
     */
    static Format of(Path file) {
      String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
      if (name.endsWith(".png")) {
        return PNG;
      }
      if (name.endsWith(".svg")) {
        return SVG;
      }
      throw new UsageException("--plot must name a .png or .svg file, got '" + file + "'");
    }
  }

  private CurvePlot() {}

  /** The chart: one curve a banding (the chosen one first and thicker) and the threshold line. */
  static XYChart chart(
      LshParams chosen, List<LshParams> alternatives, double threshold, int numPermutations) {
    XYChart chart =
        new XYChartBuilder()
            .width(900)
            .height(560)
            .title(
                "LSH S-curves, threshold "
                    + Formats.plain(threshold)
                    + ", "
                    + numPermutations
                    + " signature values")
            .xAxisTitle("Jaccard similarity s")
            .yAxisTitle("P(candidate) = 1 - (1 - s^r)^b")
            .build();
    chart
        .getStyler()
        .setXAxisMin(0.0)
        .setXAxisMax(1.0)
        .setYAxisMin(0.0)
        .setYAxisMax(1.0)
        .setXAxisDecimalPattern("0.0")
        .setYAxisDecimalPattern("0.0")
        .setPlotGridLinesColor(new Color(0xe0, 0xe0, 0xe0))
        .setLegendPosition(Styler.LegendPosition.InsideNW)
        .setChartBackgroundColor(Color.WHITE)
        .setMarkerSize(0);
    curve(chart, chosen, "chosen: b=" + chosen.bands() + " r=" + chosen.rows(), CHOSEN, 3.5f);
    for (int i = 0; i < alternatives.size(); i++) {
      LshParams params = alternatives.get(i);
      curve(
          chart,
          params,
          "b=" + params.bands() + " r=" + params.rows(),
          OTHERS[i % OTHERS.length],
          1.8f);
    }
    XYSeries line =
        chart.addSeries(
            "threshold " + Formats.plain(threshold),
            new double[] {threshold, threshold},
            new double[] {0, 1});
    line.setLineColor(Color.GRAY);
    line.setLineStyle(
        new BasicStroke(
            1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f));
    line.setMarker(SeriesMarkers.NONE);
    return chart;
  }

  private static void curve(
      XYChart chart, LshParams params, String name, Color color, float width) {
    List<CurvePoint> points = CurvePoint.sampled(params, STEPS);
    double[] x = points.stream().mapToDouble(CurvePoint::similarity).toArray();
    double[] y = points.stream().mapToDouble(CurvePoint::probability).toArray();
    XYSeries series = chart.addSeries(name, x, y);
    series.setLineColor(color);
    series.setLineWidth(width);
    series.setMarker(SeriesMarkers.NONE);
  }

  /**
   * Writes {@code chart} to {@code target} (a file target opened, and so checked, before any work),
   * as {@code format} says, and commits it.
   */
  static void write(XYChart chart, Format format, OutputTarget target) throws IOException {
    ChartEncoder.saveChart(chart, target.stream(), format == Format.PNG ? "png" : "svg");
    target.commit();
  }
}
