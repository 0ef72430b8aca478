package org.neardup.cli.report;

import java.util.Locale;
import org.neardup.tune.Histogram;

/** A {@link Histogram} as an inline SVG bar chart, labelled axes, no scripts or external resources. */
final class SvgHistogram {
  private static final int WIDTH = 760;
  private static final int HEIGHT = 300;
  private static final int LEFT = 64;
  private static final int RIGHT = 16;
  private static final int TOP = 16;
  private static final int BOTTOM = 56;

  private SvgHistogram() {}

  /** The chart of {@code histogram}, x axis titled {@code xTitle}, y axis {@code yTitle}. */
  static String of(Histogram histogram, String xTitle, String yTitle) {
    int plotWidth = WIDTH - LEFT - RIGHT;
    int plotHeight = HEIGHT - TOP - BOTTOM;
    long step = niceStep(Math.max(1, histogram.maxCount()) / 4.0);
    long top = Math.max(step, (histogram.maxCount() + step - 1) / step * step);
    StringBuilder svg = new StringBuilder();
    svg.append(String.format(Locale.ROOT,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"histogram\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"%s\">%n",
        WIDTH, HEIGHT, WIDTH, HEIGHT, Html.escape(yTitle + " by " + xTitle)));
    for (long tick = 0; tick <= top; tick += step) {
      double y = TOP + plotHeight - (double) tick / top * plotHeight;
      svg.append(String.format(Locale.ROOT,
          "<line class=\"grid\" x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\"/><text class=\"tick\" x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%,d</text>%n",
          LEFT, y, LEFT + plotWidth, y, LEFT - 6, y + 4, tick));
    }
    double barWidth = (double) plotWidth / histogram.bins();
    int labelEvery = (int) Math.ceil(histogram.bins() / 10.0);
    for (int i = 0; i < histogram.bins(); i++) {
      double x = LEFT + i * barWidth;
      double height = (double) histogram.count(i) / top * plotHeight;
      svg.append(String.format(Locale.ROOT,
          "<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"><title>[%.3f, %.3f%s: %,d</title></rect>%n",
          x + 1, TOP + plotHeight - height, Math.max(1, barWidth - 2), height, histogram.lower(i), histogram.upper(i),
          i == histogram.bins() - 1 ? "]" : ")", histogram.count(i)));
      if (histogram.count(i) > 0 && histogram.bins() <= 25) {
        svg.append(String.format(Locale.ROOT, "<text class=\"count\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%,d</text>%n",
            x + barWidth / 2, TOP + plotHeight - height - 3, histogram.count(i)));
      }
      if (i % labelEvery == 0) {
        svg.append(xLabel(x, histogram.lower(i), plotHeight));
      }
    }
    svg.append(xLabel(LEFT + plotWidth, histogram.upper(histogram.bins() - 1), plotHeight));
    svg.append(String.format(Locale.ROOT,
        "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/><line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>%n",
        LEFT, TOP, LEFT, TOP + plotHeight, LEFT, TOP + plotHeight, LEFT + plotWidth, TOP + plotHeight));
    svg.append(String.format(Locale.ROOT, "<text class=\"title\" x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
        LEFT + plotWidth / 2, HEIGHT - 8, Html.escape(xTitle)));
    svg.append(String.format(Locale.ROOT,
        "<text class=\"title\" x=\"14\" y=\"%d\" text-anchor=\"middle\" transform=\"rotate(-90 14 %d)\">%s</text>%n",
        TOP + plotHeight / 2, TOP + plotHeight / 2, Html.escape(yTitle)));
    return svg.append("</svg>\n").toString();
  }

  private static String xLabel(double x, double value, int plotHeight) {
    return String.format(Locale.ROOT,
        "<line class=\"axis\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\"/><text class=\"tick\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%.2f</text>%n",
        x, TOP + plotHeight, x, TOP + plotHeight + 5, x, TOP + plotHeight + 20, value);
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
}
