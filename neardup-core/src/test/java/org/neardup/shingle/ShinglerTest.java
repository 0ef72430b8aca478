package org.neardup.shingle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ShinglerTest {
  @Test
  void charShinglesAreTheDistinctHashesOfEveryKWindow() {
    long[] set = new Shingler(ShingleConfig.chars(3)).shingle("abcabcd");
    // abc, bca, cab, abc, bcd -> 4 distinct
    assertThat(set).hasSize(4);
    assertThat(set)
        .contains(
            Shingler.hashShingle("abc"),
            Shingler.hashShingle("bca"),
            Shingler.hashShingle("cab"),
            Shingler.hashShingle("bcd"));
    assertThat(set).isSorted();
  }

  /**
   * An emoji is one character: shingles never cut a surrogate pair, and the count is in code
   * points.
   */
  @Test
  void charShinglesCountCodePointsSoEmojiAreOneCharacterEach() {
    String emoji = "\uD83D\uDE00"; // U+1F600, two UTF-16 code units
    Shingler shingler = new Shingler(ShingleConfig.chars(2));
    long[] set = shingler.shingle("a" + emoji + "b");
    assertThat(set)
        .containsExactlyInAnyOrder(
            Shingler.hashShingle("a" + emoji), Shingler.hashShingle(emoji + "b"));
    assertThat(shingler.unitCount("a" + emoji + "b")).isEqualTo(3);
    // twenty emoji against their first seventeen: 16 of 19 shingles of 2 code points shared (not
    // 0.833 of UTF-16)
    String[] faces = new String[20];
    for (int i = 0; i < 20; i++) {
      faces[i] = new String(Character.toChars(0x1F600 + i));
    }
    String all = String.join("", faces);
    String first17 = String.join("", java.util.Arrays.copyOf(faces, 17));
    Shingler five = new Shingler(ShingleConfig.chars(5));
    assertThat(org.neardup.verify.Jaccard.similarity(five.shingle(all), five.shingle(first17)))
        .isEqualTo(13.0 / 16);
  }

  @Test
  void theUtf16VersionStillCountsCodeUnitsForWhatWasMadeWithIt() {
    String emoji = "\uD83D\uDE00";
    Shingler utf16 =
        new Shingler(ShingleConfig.chars(2).withHashVersion(ShingleHashVersion.UTF16_V1));
    assertThat(utf16.shingle("a" + emoji + "b"))
        .containsExactlyInAnyOrder(
            Shingler.hashShingle("a\uD83D"),
            Shingler.hashShingle(emoji),
            Shingler.hashShingle("\uDE00b"));
    assertThat(utf16.unitCount("a" + emoji + "b")).isEqualTo(4);
    // on text without supplementary characters both versions give the same set
    Shingler codePoints = new Shingler(ShingleConfig.chars(2));
    assertThat(codePoints.shingle("plain text, é à ü"))
        .containsExactly(utf16.shingle("plain text, é à ü"));
  }

  /**
   * {@code shingle} (which hashes into the thread's array when it can) against the plain
   * definition.
   */
  @Test
  void shingleIsTheSetOfTheHashesForAnyTextAndConfig() {
    java.util.SplittableRandom random = new java.util.SplittableRandom(0x5E7L);
    String[] pieces = {"a", "b", "c", " ", "word", "é", "\uD83D\uDE00", "xyz "};
    ShingleConfig[] configs = {
      ShingleConfig.chars(1),
      ShingleConfig.chars(5),
      ShingleConfig.chars(9),
      ShingleConfig.words(2),
      ShingleConfig.chars(5).withHashVersion(ShingleHashVersion.UTF16_V1)
    };
    for (int trial = 0; trial < 600; trial++) {
      StringBuilder text = new StringBuilder();
      // lengths from empty to past the thread's array (2^16 shingles), a few times
      int length =
          trial % 100 == 99
              ? 70_000 + random.nextInt(1000)
              : random.nextInt(trial % 3 == 0 ? 12 : 3000);
      while (text.length() < length) {
        text.append(pieces[random.nextInt(pieces.length)]);
      }
      for (ShingleConfig config : configs) {
        Shingler shingler = new Shingler(config);
        assertThat(shingler.shingle(text.toString()))
            .as("%s, %d chars", config, text.length())
            .containsExactly(Shingler.toSet(shingler.hashes(text.toString())));
      }
    }
  }

  @Test
  void textShorterThanKIsOneShingleOfTheWholeText() {
    long[] set = new Shingler(ShingleConfig.chars(9)).shingle("short");
    assertThat(set).containsExactly(Shingler.hashShingle("short"));
  }

  @Test
  void textOfExactlyKIsOneShingle() {
    assertThat(new Shingler(ShingleConfig.chars(5)).shingle("exact"))
        .containsExactly(Shingler.hashShingle("exact"));
  }

  @Test
  void emptyTextHasNoShingles() {
    assertThat(new Shingler(ShingleConfig.chars(5)).shingle("")).isEmpty();
    assertThat(new Shingler(ShingleConfig.words(3)).shingle("   ")).isEmpty();
  }

  @Test
  void wordShinglesAreKConsecutiveWordsJoinedBySingleSpaces() {
    long[] set = new Shingler(ShingleConfig.words(2)).shingle("the cat the cat sat");
    assertThat(set)
        .containsExactlyInAnyOrder(
            Shingler.hashShingle("the cat"),
            Shingler.hashShingle("cat the"),
            Shingler.hashShingle("cat sat"));
  }

  @Test
  void wordShinglesIgnoreHowWordsAreSeparated() {
    Shingler words = new Shingler(ShingleConfig.words(3));
    assertThat(words.shingle(" a  b\tc\n d ")).containsExactly(words.shingle("a b c d"));
  }

  @Test
  void fewerWordsThanKAreOneShingle() {
    assertThat(new Shingler(ShingleConfig.words(3)).shingle("two  words"))
        .containsExactly(Shingler.hashShingle("two words"));
  }

  @Test
  void unitCountCountsCharactersOrWords() {
    assertThat(new Shingler(ShingleConfig.chars(5)).unitCount("ab cd")).isEqualTo(5);
    assertThat(new Shingler(ShingleConfig.words(5)).unitCount(" ab  cd e ")).isEqualTo(3);
  }

  @Test
  void configParsesAndPrintsUnitColonSize() {
    assertThat(ShingleConfig.parse("char:9")).isEqualTo(ShingleConfig.chars(9));
    assertThat(ShingleConfig.parse("WORD:3")).isEqualTo(ShingleConfig.words(3));
    assertThat(ShingleConfig.words(3)).hasToString("word:3");
    assertThatThrownBy(() -> ShingleConfig.parse("chars9"))
        .hasMessageContaining("expected char:K, word:K or whitespace-word:K");
    assertThatThrownBy(() -> ShingleConfig.parse("char:0")).hasMessageContaining("[1, 1024]");
  }

  @Test
  void hashesArePinned() {
    // Shingle hashes feed persisted signatures: a change here is a new signature version.
    assertThat(Shingler.hashShingle("hello"))
        .isEqualTo(Shingler.hashShingle(new StringBuilder("hello")));
    assertThat(Long.toHexString(Shingler.hashShingle("hello")))
        .isEqualTo(GoldenValues.HELLO_HASH_HEX);
  }

  /** Property over 300 seeded random texts (ASCII and beyond) and k in [1, 8]. */
  @Test
  void charShinglesMatchAStringSetOfSubstrings() {
    SplittableRandom random = new SplittableRandom(0x5817);
    for (int trial = 0; trial < 300; trial++) {
      StringBuilder text = new StringBuilder();
      int length = random.nextInt(61);
      for (int i = 0; i < length; i++) {
        text.append(
            random.nextInt(4) == 0
                ? (char) random.nextInt(0x20, 0x3000)
                : (char) random.nextInt('a', 'e'));
      }
      assertCharShinglesMatchSubstrings(text.toString(), 1 + random.nextInt(8));
    }
  }

  @Test
  void eachHashIsTheHashOfItsWindowsChars() {
    // Counting code units (UTF16_V1), each shingle's hash is that of its window's chars, whatever
    // the
    // text holds (Latin-1, CJK, surrogate pairs, lone surrogates) and however long.
    SplittableRandom random = new SplittableRandom(0x4a5b);
    for (int trial = 0; trial < 400; trial++) {
      int length = trial == 0 ? 70_000 : random.nextInt(40);
      StringBuilder text = new StringBuilder();
      for (int i = 0; i < length; i++) {
        text.append(
            switch (random.nextInt(4)) {
              case 0 -> (char) random.nextInt(0x100);
              case 1 -> (char) random.nextInt(0x10000);
              default -> (char) random.nextInt('a', 'e');
            });
      }
      String s = text.toString();
      int k = 1 + random.nextInt(6);
      long[] hashes =
          new Shingler(new ShingleConfig(ShingleUnit.CHAR, k, ShingleHashVersion.UTF16_V1))
              .hashes(s);
      assertThat(hashes).hasSize(s.isEmpty() ? 0 : Math.max(1, s.length() - k + 1));
      for (int i = 0; i < hashes.length; i++) {
        assertThat(hashes[i])
            .isEqualTo(Shingler.hashShingle(s.substring(i, Math.min(s.length(), i + k))));
      }
    }
  }

  /**
   * Keys stand for shingles one to one, as hashes do: over 600 seeded random texts (Latin-1, CJK,
   * surrogate pairs, lone surrogates, NUL) in every unit, size and hash version, the key at each
   * position is a function of the hash there and the hash a function of the key, across documents,
   * so two documents' keys share exactly what their hashes share.
   */
  @Test
  void keysAreOneToOneWithHashesAcrossDocuments() {
    SplittableRandom random = new SplittableRandom(0x6b65L);
    ShingleConfig[] configs = {
      ShingleConfig.chars(1),
      ShingleConfig.chars(3),
      ShingleConfig.chars(5),
      ShingleConfig.chars(7),
      ShingleConfig.chars(8),
      ShingleConfig.words(2),
      ShingleConfig.chars(5).withHashVersion(ShingleHashVersion.UTF16_V1)
    };
    for (ShingleConfig config : configs) {
      Shingler shingler = new Shingler(config);
      java.util.Map<Long, Long> keyOfHash = new java.util.HashMap<>();
      java.util.Map<Long, Long> hashOfKey = new java.util.HashMap<>();
      for (int trial = 0; trial < 600; trial++) {
        StringBuilder text = new StringBuilder();
        int length = trial == 0 ? 5_000 : random.nextInt(30);
        for (int i = 0; i < length; i++) {
          switch (random.nextInt(8)) {
            case 0 ->
                text.append((char) random.nextInt(0x100)); // Latin-1, NUL and controls included
            case 1 -> text.append((char) random.nextInt(0x3000, 0x3010)); // CJK punctuation
            case 2 -> text.appendCodePoint(0x1F600 + random.nextInt(3)); // a surrogate pair
            case 3 -> text.append(random.nextBoolean() ? '\uD83D' : '\uDE00'); // a lone surrogate
            case 4 -> text.append(' ');
            default -> text.append((char) random.nextInt('a', 'd'));
          }
        }
        String s = text.toString();
        long[] hashes = shingler.hashes(s);
        long[] keys = shingler.keys(s);
        assertThat(keys).as("%s %s", config, s).hasSameSizeAs(hashes);
        for (int i = 0; i < keys.length; i++) {
          long key = keys[i];
          long hash = hashes[i];
          assertThat(keyOfHash.computeIfAbsent(hash, h -> key))
              .as("the key of a hash")
              .isEqualTo(key);
          assertThat(hashOfKey.computeIfAbsent(key, h -> hash))
              .as("the hash of a key")
              .isEqualTo(hash);
        }
      }
      assertThat(keyOfHash.size()).as("distinct shingles seen, %s", config).isGreaterThan(200);
    }
  }

  @Test
  void shortLatin1ShinglesArePackedWithTheirLength() {
    Shingler three = new Shingler(ShingleConfig.chars(3));
    assertThat(three.keys("ab")).containsExactly(Shingler.keyOf("ab"));
    assertThat(Shingler.keyOf("ab"))
        .isNotEqualTo(Shingler.keyOf("\0ab"))
        .isNotEqualTo(Shingler.keyOf("ab\0"));
    assertThat(three.keys("\u00e9t\u00e9 \u3000x"))
        .containsExactly(
            Shingler.keyOf("\u00e9t\u00e9"),
            Shingler.keyOf("t\u00e9 "),
            Shingler.keyOf("\u00e9 \u3000"),
            Shingler.keyOf(" \u3000x"));
    // a window with a char past Latin-1 (or longer than 7 chars) is keyed by its hash
    assertThat(Shingler.keyOf("\u00e9 \u3000")).isEqualTo(Shingler.hashShingle("\u00e9 \u3000"));
    assertThat(Shingler.keyOf("abcdefgh")).isEqualTo(Shingler.hashShingle("abcdefgh"));
    assertThat(Shingler.keyOf("abcdefg")).isNotEqualTo(Shingler.hashShingle("abcdefg"));
  }

  private static void assertCharShinglesMatchSubstrings(String text, int k) {
    Set<String> expected = new HashSet<>();
    if (!text.isEmpty()) {
      if (text.length() <= k) {
        expected.add(text);
      } else {
        for (int i = 0; i + k <= text.length(); i++) expected.add(text.substring(i, i + k));
      }
    }
    long[] set = new Shingler(ShingleConfig.chars(k)).shingle(text);
    assertThat(set).hasSize(expected.size()); // no 64-bit collisions at this size
    for (String shingle : expected) {
      assertThat(set).contains(Shingler.hashShingle(shingle));
    }
    assertThat(set).isSorted().doesNotHaveDuplicates();
  }
}
