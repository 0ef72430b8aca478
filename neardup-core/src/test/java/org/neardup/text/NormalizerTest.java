package org.neardup.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NormalizerTest {
  private final Normalizer defaults = new Normalizer(NormalizerConfig.DEFAULT);

  @Test
  void defaultsLowerCaseCollapseWhitespaceAndTrim() {
    assertThat(defaults.normalize("  I love\t\tPIZZA\n\n Margherita!  ")).isEqualTo("i love pizza margherita!");
  }

  @Test
  void nfkcFoldsFullWidthFormsLigaturesAndNoBreakSpaces() {
    assertThat(defaults.normalize("ＡＢＣ ﬁne\u00a0day")).isEqualTo("abc fine day");
  }

  @Test
  void stripPunctuationDeletesPunctuationOnly() {
    Normalizer strip = new Normalizer(NormalizerConfig.DEFAULT.withStripPunctuation(true));
    assertThat(strip.normalize("Hello, world! (it's) 3-4 «ok»")).isEqualTo("hello world its 34 ok");
  }

  @Test
  void noneLeavesTextAsItIs() {
    String text = "  Mixed\tCASE  ";
    assertThat(new Normalizer(NormalizerConfig.NONE).normalize(text)).isSameAs(text);
  }

  @Test
  void alreadyNormalTextIsReturnedUnchanged() {
    String text = "already normal text";
    assertThat(defaults.normalize(text)).isSameAs(text);
  }

  @Test
  void aLoneTabBetweenWordsBecomesASpace() {
    assertThat(defaults.normalize("a\tb")).isEqualTo("a b");
  }

  @Test
  void whitespaceOnlyTextBecomesEmpty() {
    assertThat(defaults.normalize(" \t\n ")).isEmpty();
  }

  @Test
  void configNamesItsSteps() {
    assertThat(NormalizerConfig.DEFAULT).hasToString("nfkc,lower,collapse");
    assertThat(NormalizerConfig.NONE).hasToString("none");
  }
}
