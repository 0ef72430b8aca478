package org.neardup.cli.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class InlineSvgTest {
  private static final String HEAD =
      "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
          + "<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\""
          + " \"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n"
          + "<svg xmlns:xlink=\"http://www.w3.org/1999/xlink\" height=\"10px\" width=\"10px\""
          + " xmlns=\"http://www.w3.org/2000/svg\">\n";

  @Test
  void dropsTheDeclarationsRoundsAndNumbersTheClips() {
    String svg =
        InlineSvg.of(
            HEAD
                + "  <defs>\n"
                + "    <clipPath id=\"clip806684000\">\n"
                + "      <rect height=\"237.28125\" width=\"0.004\" x=\"-0.001\" y=\"10\"/>\n"
                + "    </clipPath>\n"
                + "    <clipPath id=\"clip17\"/>\n"
                + "  </defs>\n"
                + "  <g clip-path=\"url(#clip806684000)\"/>\n"
                + "  <g clip-path=\"url(#clip17)\"/>\n"
                + "</svg>\n",
            "p",
            "c",
            "a <label>");
    assertThat(svg)
        .isEqualTo(
            "<svg class=\"c\" role=\"img\" aria-label=\"a &lt;label&gt;\" height=\"10px\""
                + " width=\"10px\" xmlns=\"http://www.w3.org/2000/svg\">\n"
                + "<title>a &lt;label&gt;</title>\n"
                + "<defs>\n"
                + "<clipPath id=\"p-clip-1\">\n"
                + "<rect height=\"237.28\" width=\"0\" x=\"0\" y=\"10\"/>\n"
                + "</clipPath>\n"
                + "<clipPath id=\"p-clip-2\"/>\n"
                + "</defs>\n"
                + "<g clip-path=\"url(#p-clip-1)\"/>\n"
                + "<g clip-path=\"url(#p-clip-2)\"/>\n"
                + "</svg>\n");
  }

  @Test
  void refusesAnythingOutsideThePage() {
    for (String element :
        new String[] {
          "<image xlink:href=\"data:image/png;base64,AAAA\"/>",
          "<a href=\"https://x\"/>",
          "<style>@import 'x.css';</style>",
          "<style>@font-face{src:url(f.woff)}</style>",
          "<rect style=\"fill:url(http://x/#g)\"/>",
          "<script>alert(1)</script>",
          "<foreignObject/>",
          "<text font-family=\"X\">x</text><font/>"
        }) {
      assertThatThrownBy(() -> InlineSvg.of(HEAD + element + "\n</svg>", "p", "c", "l"))
          .as(element)
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("refers outside the page");
    }
  }

  @Test
  void roundsToHundredths() {
    assertThat(InlineSvg.rounded("101.96423437499996")).isEqualTo("101.96");
    assertThat(InlineSvg.rounded("-0.004")).isEqualTo("0");
    assertThat(InlineSvg.rounded("2.50")).isEqualTo("2.5");
    assertThat(InlineSvg.rounded("7.0")).isEqualTo("7");
  }
}
