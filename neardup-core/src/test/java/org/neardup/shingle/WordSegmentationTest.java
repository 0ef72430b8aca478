package org.neardup.shingle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class WordSegmentationTest {
  private static List<String> words(ShingleUnit unit, String text) {
    return new Shingler(new ShingleConfig(unit, 1)).shingleTexts(text);
  }

  @Test
  void unicodeWordsDropPunctuationAndKeepNumbersAndSymbols() {
    assertThat(
            words(ShingleUnit.WORD, "hello, world! it costs $3.50 (really) -- don't you think? 😀"))
        .containsExactly(
            "hello", "world", "it", "costs", "$", "3.50", "really", "don't", "you", "think", "😀");
  }

  @Test
  void whitespaceWordsKeepPunctuationAttached() {
    assertThat(words(ShingleUnit.WHITESPACE_WORD, "hello, world! 3.50"))
        .containsExactly("hello,", "world!", "3.50");
  }

  @Test
  void scriptsWithoutSpacesAreSegmentedIntoWords() {
    assertThat(words(ShingleUnit.WORD, "我们今天在北京大学的图书馆里学习中文。"))
        .startsWith("我们", "今天", "在", "北京", "大学")
        .doesNotContain("。");
    assertThat(words(ShingleUnit.WORD, "東京都の天気は明日から晴れるでしょう。"))
        .startsWith("東京", "都", "の", "天気", "は", "明日", "から");
    assertThat(words(ShingleUnit.WORD, "วันนี้อากาศดีมากครับ"))
        .containsExactly("วัน", "นี้", "อากาศ", "ดี", "มาก", "ครับ");
    assertThat(words(ShingleUnit.WORD, "ພາສາລາວ")).containsExactly("ພາສາ", "ລາວ");
    // The same sentences are one whitespace word each.
    assertThat(words(ShingleUnit.WHITESPACE_WORD, "วันนี้อากาศดีมากครับ")).hasSize(1);
  }

  @Test
  void unitCountCountsUnicodeWords() {
    assertThat(new Shingler(ShingleConfig.words(5)).unitCount("วันนี้อากาศดีมากครับ")).isEqualTo(6);
    assertThat(new Shingler(ShingleConfig.whitespaceWords(5)).unitCount("วันนี้อากาศดีมากครับ"))
        .isEqualTo(1);
    assertThat(new Shingler(ShingleConfig.words(5)).unitCount("... -- !!")).isZero();
  }

  @Test
  void wordShinglesHashTheirWordsJoinedBySingleSpaces() {
    Shingler shingler = new Shingler(ShingleConfig.words(2));
    assertThat(shingler.shingle("北京大学。")).containsExactly(Shingler.hashShingle("北京 大学"));
    assertThat(shingler.shingle("hello, world; again!"))
        .isEqualTo(
            Shingler.toSet(
                new long[] {
                  Shingler.hashShingle("hello world"), Shingler.hashShingle("world again")
                }));
  }

  @Test
  void shingleTextsAreWhatIsHashed() {
    for (ShingleConfig config :
        List.of(
            ShingleConfig.words(3),
            ShingleConfig.whitespaceWords(2),
            ShingleConfig.chars(4),
            ShingleConfig.chars(4).withHashVersion(ShingleHashVersion.UTF16_V1))) {
      Shingler shingler = new Shingler(config);
      for (String text :
          List.of("", "ab", "我们今天在北京大学的图书馆里学习中文。", "the cat, the hat 😀 and 42 dogs")) {
        long[] hashes =
            shingler.shingleTexts(text).stream().mapToLong(Shingler::hashShingle).toArray();
        assertThat(hashes).as(config + " on '" + text + "'").containsExactly(shingler.hashes(text));
      }
    }
  }

  @Test
  void segmentationIsTheSameOnEveryThread() {
    Shingler shingler = new Shingler(ShingleConfig.words(3));
    String text = "東京都の天気は明日から晴れるでしょう。 the quick brown fox วันนี้อากาศดีมากครับ";
    List<String> expected = shingler.shingleTexts(text);
    List<List<String>> parallel =
        IntStream.range(0, 200)
            .parallel()
            .mapToObj(i -> shingler.shingleTexts(text))
            .collect(Collectors.toList());
    assertThat(parallel).allSatisfy(result -> assertThat(result).isEqualTo(expected));
  }

  @Test
  void specsNameEachUnit() {
    assertThat(ShingleConfig.parse("word:5")).isEqualTo(ShingleConfig.words(5));
    assertThat(ShingleConfig.parse("whitespace-word:5"))
        .isEqualTo(ShingleConfig.whitespaceWords(5));
    assertThat(ShingleConfig.whitespaceWords(5)).hasToString("whitespace-word:5");
    assertThat(ShingleConfig.words(5)).isNotEqualTo(ShingleConfig.whitespaceWords(5));
  }
}
