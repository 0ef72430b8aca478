package org.neardup.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NormalizerTest {
  private final Normalizer defaults = new Normalizer(NormalizerConfig.DEFAULT);

  @Test
  void defaultsLowerCaseCollapseWhitespaceAndTrim() {
    assertThat(defaults.normalize("  I love\t\tPIZZA\n\n Margherita!  "))
        .isEqualTo("i love pizza margherita!");
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

  @Test
  void theOnePassOverAsciiTextGivesWhatTheStepsGive() {
    // every ASCII character, runs of spaces and tabs at either end, under each of the 16 configs
    String alphabet = "aZ 9\t\n\r\u000b\u001c!-_(\"'~.,:;@#$%^&*+=<>/\\|{}[]`?\u0000\u007f";
    java.util.Random random = new java.util.Random(20261122);
    for (int config = 0; config < 16; config++) {
      Normalizer normalizer =
          new Normalizer(
              new NormalizerConfig(
                  (config & 1) != 0, (config & 2) != 0, (config & 4) != 0, (config & 8) != 0));
      for (int round = 0; round < 2_000; round++) {
        StringBuilder text = new StringBuilder();
        for (int i = random.nextInt(12); i > 0; i--) {
          text.append(
              round % 2 == 0
                  ? (char) random.nextInt(0x80)
                  : alphabet.charAt(random.nextInt(alphabet.length())));
        }
        String s = text.toString();
        assertThat(normalizer.normalize(s))
            .as("config %d, text %s", config, java.util.Arrays.toString(s.chars().toArray()))
            .isEqualTo(normalizer.normalizeSteps(s));
      }
    }
  }

  @Test
  void textWithANonAsciiCharacterAnywhereTakesTheSteps() {
    assertThat(defaults.normalize("  A\uFF21 B  ")).isEqualTo("aa b");
    assertThat(defaults.normalize("Caf\u00C9,  BAR ")).isEqualTo("caf\u00e9, bar");
  }
}
