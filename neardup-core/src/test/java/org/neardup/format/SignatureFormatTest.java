package org.neardup.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.neardup.minhash.MinHashConfig;
import org.neardup.minhash.MinHashScheme;
import org.neardup.minhash.MinHashSigner;
import org.neardup.shingle.ShingleConfig;
import org.neardup.shingle.ShingleHashVersion;
import org.neardup.shingle.Shingler;
import org.neardup.sketch.DocumentSketcher;
import org.neardup.sketch.SketchParams;
import org.neardup.text.Normalizer;
import org.neardup.text.NormalizerConfig;

class SignatureFormatTest {
  /** The params of the version-1 golden file: written before shingle hash versions, so UTF16_V1. */
  static final SketchParams GOLDEN_PARAMS =
      new SketchParams(
          NormalizerConfig.DEFAULT,
          ShingleConfig.chars(5).withHashVersion(ShingleHashVersion.UTF16_V1),
          new MinHashConfig(MinHashScheme.CLASSIC_V1, 16, 1));

  static final String GOLDEN_TEXT = "The quick brown fox jumps over the lazy dog.";

  static int[] goldenSignature() {
    String normalized = new Normalizer(GOLDEN_PARAMS.normalizer()).normalize(GOLDEN_TEXT);
    long[] shingles = new Shingler(GOLDEN_PARAMS.shingle()).shingle(normalized);
    return MinHashSigner.create(GOLDEN_PARAMS.minHash()).sign(shingles);
  }

  static byte[] goldenBytes() throws IOException {
    return golden("/golden/signature-v1-classic-n16.bin");
  }

  static byte[] golden(String resource) throws IOException {
    try (InputStream in = SignatureFormatTest.class.getResourceAsStream(resource)) {
      assertThat(in).as("golden file " + resource).isNotNull();
      return in.readAllBytes();
    }
  }

  @Test
  void version1GoldenFileStillDecodesToTodaysSignature() throws IOException {
    // Written once by version 1 and never regenerated: text -> normalize -> shingle -> sign must
    // still give the same bytes, and the bytes must still decode.
    byte[] golden = goldenBytes();
    assertThat(SignatureFormat.readParams(golden)).isEqualTo(GOLDEN_PARAMS);
    assertThat(SignatureFormat.decode(golden, GOLDEN_PARAMS)).containsExactly(goldenSignature());
  }

  @Test
  void version1OnePermutationGoldenFileStillDecodesToTodaysSignature() throws IOException {
    SketchParams params =
        new SketchParams(
            NormalizerConfig.DEFAULT,
            ShingleConfig.chars(5).withHashVersion(ShingleHashVersion.UTF16_V1),
            new MinHashConfig(MinHashScheme.ONE_PERMUTATION_V1, 16, 1));
    byte[] golden = golden("/golden/signature-v1-one-permutation-n16.bin");
    int[] today = DocumentSketcher.create(params).sketch(GOLDEN_TEXT).signature();
    assertThat(SignatureFormat.readParams(golden)).isEqualTo(params);
    assertThat(SignatureFormat.decode(golden, params)).containsExactly(today);
  }

  /** Written once by format version 2 and never regenerated: today's bytes must stay these. */
  @Test
  void version2GoldenFilesAreWhatTodaysEncoderWrites() throws IOException {
    for (MinHashScheme scheme : MinHashScheme.values()) {
      SketchParams params =
          new SketchParams(
              NormalizerConfig.DEFAULT, ShingleConfig.chars(5), new MinHashConfig(scheme, 16, 1));
      String name = scheme == MinHashScheme.CLASSIC_V1 ? "classic" : "one-permutation";
      byte[] golden = golden("/golden/signature-v2-" + name + "-n16.bin");
      int[] today = DocumentSketcher.create(params).sketch(GOLDEN_TEXT).signature();
      assertThat(SignatureFormat.readParams(golden)).isEqualTo(params);
      assertThat(SignatureFormat.decode(golden, params)).containsExactly(today);
      assertThat(SignatureFormat.encode(params, today)).isEqualTo(golden);
    }
  }

  @Test
  void theShingleHashVersionsAgreeOnTextWithoutSupplementaryCharacters() {
    SketchParams v1 = GOLDEN_PARAMS;
    SketchParams v2 = new SketchParams(v1.normalizer(), ShingleConfig.chars(5), v1.minHash());
    assertThat(DocumentSketcher.create(v2).sketch(GOLDEN_TEXT).signature())
        .containsExactly(DocumentSketcher.create(v1).sketch(GOLDEN_TEXT).signature());
  }

  @Test
  void roundTripsEveryParamsCombination() {
    SplittableRandom random = new SplittableRandom(9);
    for (NormalizerConfig normalizer :
        new NormalizerConfig[] {
          NormalizerConfig.DEFAULT,
          NormalizerConfig.NONE,
          new NormalizerConfig(false, true, true, false)
        }) {
      for (ShingleConfig shingle :
          new ShingleConfig[] {ShingleConfig.chars(1), ShingleConfig.words(1024)}) {
        SketchParams params =
            new SketchParams(
                normalizer,
                shingle,
                new MinHashConfig(
                    MinHashScheme.values()[random.nextInt(MinHashScheme.values().length)],
                    1 + random.nextInt(300),
                    random.nextLong()));
        int[] values = random.ints(params.minHash().numPermutations()).toArray();
        byte[] bytes = SignatureFormat.encode(params, values);
        assertThat(bytes).hasSize(SignatureFormat.HEADER_BYTES + 4 * values.length);
        assertThat(SignatureFormat.readParams(bytes)).isEqualTo(params);
        assertThat(SignatureFormat.decode(bytes, params)).containsExactly(values);
      }
    }
  }

  @Test
  void aSignatureWithOtherParamsIsRejected() throws IOException {
    SketchParams otherSeed =
        new SketchParams(
            GOLDEN_PARAMS.normalizer(),
            GOLDEN_PARAMS.shingle(),
            GOLDEN_PARAMS.minHash().withSeed(2));
    assertThatThrownBy(() -> SignatureFormat.decode(goldenBytes(), otherSeed))
        .isInstanceOf(IncompatibleSignatureException.class)
        .hasMessageContaining("seed=2")
        .hasMessageContaining("seed=1");
  }

  @Test
  void corruptBytesAreRejectedWithTheirOffset() throws IOException {
    byte[] golden = goldenBytes();
    byte[] badMagic = golden.clone();
    badMagic[0] = 'X';
    assertThatThrownBy(() -> SignatureFormat.readParams(badMagic))
        .isInstanceOf(CorruptFormatException.class)
        .hasMessageContaining("bad magic")
        .hasMessageContaining("at byte 0");
    byte[] badVersion = golden.clone();
    badVersion[4] = 9;
    assertThatThrownBy(() -> SignatureFormat.readParams(badVersion))
        .hasMessageContaining("version 9");
    byte[] truncated = Arrays.copyOf(golden, golden.length - 1);
    assertThatThrownBy(() -> SignatureFormat.decode(truncated, GOLDEN_PARAMS))
        .hasMessageContaining("expected 88 bytes");
    byte[] badHashVersion = SignatureFormat.encode(GOLDEN_PARAMS, goldenSignature());
    badHashVersion[24] = 9;
    assertThatThrownBy(() -> SignatureFormat.readParams(badHashVersion))
        .hasMessageContaining("unknown shingle hash version 9");
    assertThatThrownBy(() -> SignatureFormat.readParams(new byte[3]))
        .hasMessageContaining("truncated");
    byte[] badScheme = golden.clone();
    badScheme[6] = 77;
    assertThatThrownBy(() -> SignatureFormat.readParams(badScheme))
        .hasMessageContaining("unknown MinHash scheme id 77");
  }

  @Test
  void encodeRejectsALengthOtherThanN() {
    assertThatThrownBy(() -> SignatureFormat.encode(GOLDEN_PARAMS, new int[3]))
        .hasMessageContaining("params say 16");
  }
}
