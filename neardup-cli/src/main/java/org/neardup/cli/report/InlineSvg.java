package org.neardup.cli.report;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An SVG document written by XChart's vector encoder (VectorGraphics2D) made fit to go inside an
 * HTML page, and the same bytes for the same chart:
 *
 * <ul>
 *   <li>the XML declaration, the DOCTYPE (a reference to the W3C DTD) and the unused xlink
 *       namespace are dropped, and so is the indentation;
 *   <li>clip-path ids, which VectorGraphics2D derives from hash codes, become {@code PREFIX-clip-N}
 *       in order of appearance, so they are stable and cannot clash with other ids of the page;
 *   <li>coordinates are rounded to 0.01 px: VectorGraphics2D writes every double in full, and
 *       XChart draws its text as glyph outlines, so digits are most of the file;
 *   <li>the root gets a class, {@code role="img"}, an {@code aria-label} and a {@code <title>}.
 * </ul>
 *
 * <p>Anything that would reach outside the page (a link, an image, a font, a stylesheet import, a
 * {@code url()} other than a local {@code #id}, a script) is refused, not silently kept.
 */
final class InlineSvg {
  private static final Pattern DECIMAL = Pattern.compile("-?\\d+\\.\\d+");
  private static final Pattern CLIP_ID = Pattern.compile("\\bclip(\\d+)\\b");
  private static final Pattern LOCAL_URL = Pattern.compile("url\\(#[\\w-]+\\)");
  private static final List<String> OUTSIDE =
      List.of(
          "href", "<image", "<script", "<foreignobject", "@import", "@font-face", "<font", "url(");

  private InlineSvg() {}

  /**
   * The inline form of {@code document}: ids prefixed with {@code prefix}, the root of class {@code
   * cssClass} and labelled {@code label}.
   *
   * @throws IllegalStateException if the document refers to anything outside itself
   */
  static String of(String document, String prefix, String cssClass, String label) {
    int start = document.indexOf("<svg");
    if (start < 0) {
      throw new IllegalStateException("not an SVG document");
    }
    String svg =
        document.substring(start).replace(" xmlns:xlink=\"http://www.w3.org/1999/xlink\"", "");
    svg = svg.replaceAll("\\n\\s+", "\n").strip();
    svg = DECIMAL.matcher(svg).replaceAll(m -> rounded(m.group()));
    svg = renumberClips(svg, prefix);
    String outside = LOCAL_URL.matcher(svg.toLowerCase(Locale.ROOT)).replaceAll("");
    for (String reference : OUTSIDE) {
      if (outside.contains(reference)) {
        throw new IllegalStateException("the SVG refers outside the page ('" + reference + "')");
      }
    }
    int rootEnd = svg.indexOf('>');
    return svg.substring(0, 4)
        + " class=\""
        + Html.escape(cssClass)
        + "\" role=\"img\" aria-label=\""
        + Html.escape(label)
        + "\""
        + svg.substring(4, rootEnd + 1)
        + "\n<title>"
        + Html.escape(label)
        + "</title>"
        + svg.substring(rootEnd + 1)
        + "\n";
  }

  /** {@code number} rounded to two decimals, without trailing zeros ("-0" is "0"). */
  static String rounded(String number) {
    String plain =
        new BigDecimal(number)
            .setScale(2, RoundingMode.HALF_EVEN)
            .stripTrailingZeros()
            .toPlainString();
    return plain.equals("-0") ? "0" : plain;
  }

  private static String renumberClips(String svg, String prefix) {
    Map<String, String> ids = new LinkedHashMap<>();
    Matcher matcher = CLIP_ID.matcher(svg);
    return matcher.replaceAll(
        m -> ids.computeIfAbsent(m.group(1), k -> prefix + "-clip-" + (ids.size() + 1)));
  }
}
