package org.neardup.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class DocumentIdTest {
  @Test
  void everyControlCharacterIsRefusedAndNamedAsUPlusHex() {
    for (int c = 0; c <= 0xffff; c++) {
      boolean control = c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == 0x2028 || c == 0x2029;
      if (Character.isSurrogate((char) c)) {
        continue;
      }
      String id = "a" + (char) c + "b";
      if (control) {
        assertThat(DocumentId.problem(id))
            .as("U+%04X", c)
            .contains(String.format("holds the control character U+%04X at character 2", c));
      } else {
        assertThat(DocumentId.problem(id)).as("U+%04X", c).isEmpty();
      }
    }
  }

  @Test
  void tabsLineBreaksNelEscAndNulAreControlCharacters() {
    for (String id :
        new String[] {
          "a\tb",
          "a\nb",
          "a\rb",
          "a\u0085b",
          "a\u001b[31m",
          "a\u0000",
          "\u000b",
          "a\fb",
          "a\u2028",
          "a\u2029"
        }) {
      assertThat(DocumentId.isValid(id)).as(id).isFalse();
    }
  }

  @Test
  void loneSurrogatesAreRefusedAndPairsAccepted() {
    assertThat(DocumentId.problem("x\ud800"))
        .contains(
            "holds the lone surrogate U+D800 at character 2, half of a UTF-16 pair without the"
                + " other half");
    assertThat(DocumentId.problem("x\udbffy"))
        .get()
        .asString()
        .startsWith("holds the lone surrogate U+DBFF");
    assertThat(DocumentId.problem("\udc00x"))
        .get()
        .asString()
        .startsWith("holds the lone surrogate U+DC00 at character 1");
    assertThat(DocumentId.problem("\ud83d\ude00\ude00"))
        .get()
        .asString()
        .startsWith("holds the lone surrogate U+DE00 at character 2"); // code points counted
    assertThat(DocumentId.isValid("emoji \ud83d\ude00 id")).isTrue();
    // two ids that differ only in a lone surrogate would be one key in UTF-8 ("x?"): both refused
    assertThat(DocumentId.isValid("x\ud800")).isFalse();
    assertThat(DocumentId.isValid("x\udbff")).isFalse();
  }

  @Test
  void lengthIsCountedInUtf8BytesUpTo512() {
    assertThat(DocumentId.isValid("x".repeat(512))).isTrue();
    assertThat(DocumentId.problem("x".repeat(513)))
        .contains("is longer than 512 bytes in UTF-8 (513)");
    assertThat(DocumentId.isValid("é".repeat(256))).isTrue(); // 2 bytes each
    assertThat(DocumentId.problem("é".repeat(256) + "x"))
        .contains("is longer than 512 bytes in UTF-8 (513)");
    assertThat(DocumentId.isValid("日".repeat(170) + "xx")).isTrue(); // 3 bytes each: 512
    assertThat(DocumentId.isValid("日".repeat(171))).isFalse(); // 513
    assertThat(DocumentId.isValid("\ud83d\ude00".repeat(128))).isTrue(); // 4 bytes each: 512
    assertThat(DocumentId.isValid("\ud83d\ude00".repeat(128) + "x")).isFalse();
    assertThat(DocumentId.problem("")).contains("is empty");
  }

  /**
   * Random ids: valid exactly when no code point is refused and the UTF-8 encoding is 1 to 512
   * bytes.
   */
  @Test
  void agreesWithTheRuleOnRandomIds() {
    SplittableRandom random = new SplittableRandom(0x5eed1d5L);
    int valid = 0;
    for (int n = 0; n < 20_000; n++) {
      StringBuilder b = new StringBuilder();
      int length = random.nextInt(0, random.nextBoolean() ? 8 : 300);
      for (int i = 0; i < length; i++) {
        int kind = random.nextInt(100);
        if (kind < 85) {
          b.append((char) random.nextInt(0x20, 0x7f));
        } else if (kind < 90) {
          b.appendCodePoint(random.nextInt(0xa0, 0xd800));
        } else if (kind < 95) {
          b.appendCodePoint(random.nextInt(0x10000, 0x110000));
        } else if (kind < 98) {
          b.append((char) random.nextInt(0xd800, 0xe000)); // often lone
        } else {
          b.append((char) random.nextInt(0, 0x20));
        }
      }
      String id = b.toString();
      boolean expected =
          !id.isEmpty()
              && id.codePoints()
                  .noneMatch(
                      c ->
                          Character.isISOControl(c)
                              || c == 0x2028
                              || c == 0x2029
                              || Character.isSurrogate((char) c) && c <= 0xffff)
              && id.getBytes(StandardCharsets.UTF_8).length <= 512;
      assertThat(DocumentId.isValid(id))
          .as("%s", id.codePoints().mapToObj(Integer::toHexString).toList())
          .isEqualTo(expected);
      valid += expected ? 1 : 0;
    }
    assertThat(valid).isBetween(2_000, 18_000);
  }

  @Test
  void checkThrowsNamingTheProblem() {
    assertThat(DocumentId.check("doc-1")).isEqualTo("doc-1");
    assertThatThrownBy(() -> DocumentId.check("a\u001bb"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the id holds the control character U+001B at character 2");
  }

  @Test
  void theRecordMessageQuotesTheIdEscaped() {
    InputException e = DocumentId.problem("a\u000bb\\", "in.jsonl", 7, 6).orElseThrow();
    assertThat(e.problem()).isEqualTo(InputProblem.INVALID_ID);
    assertThat(e.recordIndex()).isEqualTo(6);
    assertThat(e.getMessage())
        .isEqualTo(
            "in.jsonl:7: invalid id 'a\\u000Bb\\\\' (it holds the control character U+000B at"
                + " character 2)");
    assertThat(DocumentId.recordDetail("x".repeat(600)).orElseThrow())
        .isEqualTo(
            "invalid id '" + "x".repeat(64) + "...' (it is longer than 512 bytes in UTF-8 (600))");
  }

  @Test
  void textsMustBeWellFormedAndMayHoldAnythingElse() {
    assertThat(
            DocumentText.problem("tab\tnew\nline \u0000 \u001b \ud83d\ude00 " + "x".repeat(10_000)))
        .isEmpty();
    assertThat(DocumentText.problem("")).isEmpty();
    assertThat(DocumentText.problem("t\ud800 apples"))
        .contains(
            "holds the lone surrogate U+D800 at character 2, half of a UTF-16 pair without the"
                + " other half");
    assertThat(DocumentText.problem("\ud83d\ude00 \ude00"))
        .get()
        .asString()
        .contains("U+DE00 at character 3");
    InputException e = DocumentText.problem("a\udfff", "t.jsonl", 3, 2).orElseThrow();
    assertThat(e.problem()).isEqualTo(InputProblem.INVALID_TEXT);
    assertThat(e.recordIndex()).isEqualTo(2);
    assertThat(e.getMessage())
        .startsWith("t.jsonl:3: invalid text (it holds the lone surrogate U+DFFF at character 2");
  }

  @Test
  void admitSkipsOrThrowsByThePolicy() {
    InputProblems skip = new InputProblems(OnError.SKIP);
    assertThat(skip.admit(new Document("ok", "text", "f", 1, 0))).isTrue();
    assertThat(skip.admit(new Document("a\tb", "text", "f", 2, 1))).isFalse();
    assertThat(skip.admit(new Document("c", "\ud800", "f", 3, 2))).isFalse();
    assertThat(skip.skipped())
        .containsEntry(InputProblem.INVALID_ID, 1L)
        .containsEntry(InputProblem.INVALID_TEXT, 1L);
    InputProblems fail = new InputProblems(OnError.FAIL);
    assertThatThrownBy(() -> fail.admit(new Document("a\tb", "text", "f", 2, 1)))
        .isInstanceOf(InputException.class)
        .hasMessage(
            "f:2: invalid id 'a\\u0009b' (it holds the control character U+0009 at character 2)");
  }
}
