package org.neardup.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;
import org.neardup.minhash.MinHashConfig;
import org.neardup.minhash.MinHashScheme;
import org.neardup.shingle.ShingleConfig;
import org.neardup.shingle.ShingleUnit;
import org.neardup.sketch.SketchParams;
import org.neardup.text.NormalizerConfig;

class SketchParamsFormatTest {
  private static SketchParams params(ShingleConfig shingle) {
    return new SketchParams(
        NormalizerConfig.DEFAULT, shingle, new MinHashConfig(MinHashScheme.CLASSIC_V1, 16, 1));
  }

  @Test
  void eachShingleUnitHasItsOwnPersistedId() {
    assertThat(SketchParamsFormat.encode(params(ShingleConfig.chars(5)))[14]).isEqualTo((byte) 0);
    assertThat(SketchParamsFormat.encode(params(ShingleConfig.whitespaceWords(5)))[14])
        .isEqualTo((byte) 1);
    assertThat(SketchParamsFormat.encode(params(ShingleConfig.words(5)))[14]).isEqualTo((byte) 2);
    for (ShingleConfig shingle :
        new ShingleConfig[] {
          ShingleConfig.chars(5), ShingleConfig.whitespaceWords(5), ShingleConfig.words(5)
        }) {
      assertThat(SketchParamsFormat.decode(SketchParamsFormat.encode(params(shingle))))
          .isEqualTo(params(shingle));
    }
  }

  @Test
  void wordParamsWrittenBeforeUnicodeWordsReadAsWhitespaceWords() {
    byte[] bytes = SketchParamsFormat.encode(params(ShingleConfig.words(3)));
    bytes[14] = 1; // what every earlier version wrote for word shingles
    assertThat(SketchParamsFormat.decode(bytes).shingle().unit())
        .isEqualTo(ShingleUnit.WHITESPACE_WORD);
  }

  @Test
  void layout1HasNoUnicodeWords() {
    ByteBuffer layout1 =
        ByteBuffer.wrap(SketchParamsFormat.encode(params(ShingleConfig.words(3))))
            .order(ByteOrder.LITTLE_ENDIAN);
    assertThatThrownBy(() -> SketchParamsFormat.read(layout1, 1, 0))
        .isInstanceOf(CorruptFormatException.class)
        .hasMessageContaining("unknown shingle unit 2");
  }

  @Test
  void signaturesOfTheTwoWordUnitsAreNeverCompared() {
    byte[] whitespace =
        SignatureFormat.encode(params(ShingleConfig.whitespaceWords(3)), new int[16]);
    assertThatThrownBy(() -> SignatureFormat.decode(whitespace, params(ShingleConfig.words(3))))
        .isInstanceOf(IncompatibleSignatureException.class)
        .hasMessageContaining("whitespace-word:3")
        .hasMessageContaining("word:3");
  }
}
