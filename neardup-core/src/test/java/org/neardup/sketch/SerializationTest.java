package org.neardup.sketch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import org.junit.jupiter.api.Test;
import org.neardup.config.PipelineConfig;
import org.neardup.lsh.Banding;
import org.neardup.lsh.LshParams;
import org.neardup.minhash.MinHashConfig;
import org.neardup.minhash.MinHashScheme;
import org.neardup.minhash.MinHashSigner;
import org.neardup.shingle.ShingleConfig;
import org.neardup.shingle.Shingler;
import org.neardup.text.Normalizer;
import org.neardup.text.NormalizerConfig;
import org.neardup.verify.Verifier;
import org.neardup.verify.VerifyMode;

/**
 * Every config and worker a Spark closure may carry survives Java serialization, and works the same
 * after.
 */
class SerializationTest {
  private static final String TEXT =
      "Serialized in the driver, used on every executor \uD83D\uDE00.";

  @SuppressWarnings("unchecked")
  private static <T extends Serializable> T roundTrip(T value)
      throws IOException, ClassNotFoundException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(value);
    }
    try (ObjectInputStream in =
        new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      return (T) in.readObject();
    }
  }

  @Test
  void configsRoundTripToEqualValues() throws Exception {
    PipelineConfig pipeline =
        PipelineConfig.builder()
            .threshold(0.7)
            .shingle(ShingleConfig.words(3))
            .banding(LshParams.of(10, 5))
            .verify(VerifyMode.ESTIMATE)
            .threads(3)
            .build();
    for (Serializable config :
        new Serializable[] {
          NormalizerConfig.DEFAULT,
          ShingleConfig.chars(9),
          MinHashConfig.DEFAULT,
          LshParams.of(21, 6),
          SketchParams.DEFAULT,
          pipeline
        }) {
      assertThat((Object) roundTrip(config)).isEqualTo(config);
    }
  }

  @Test
  void signersSketchersAndVerifiersWorkTheSameAfterARoundTrip() throws Exception {
    for (MinHashScheme scheme : MinHashScheme.values()) {
      SketchParams params =
          new SketchParams(
              NormalizerConfig.DEFAULT, ShingleConfig.chars(5), new MinHashConfig(scheme, 64, 42));
      DocumentSketcher sketcher = DocumentSketcher.create(params);
      DocumentSketcher copy = roundTrip(sketcher);
      assertThat(copy.params()).isEqualTo(params);
      assertThat(copy.sketch(TEXT).signature()).containsExactly(sketcher.sketch(TEXT).signature());
      assertThat(copy.sketch(TEXT).shingleSet())
          .containsExactly(sketcher.sketch(TEXT).shingleSet());

      MinHashSigner signer = MinHashSigner.create(params.minHash());
      long[] set = sketcher.sketch(TEXT).shingleSet();
      assertThat(roundTrip(signer).sign(set)).containsExactly(signer.sign(set));
    }
    Normalizer normalizer = new Normalizer(NormalizerConfig.DEFAULT);
    assertThat(roundTrip(normalizer).normalize(TEXT)).isEqualTo(normalizer.normalize(TEXT));
    Shingler shingler = new Shingler(ShingleConfig.words(2));
    assertThat(roundTrip(shingler).shingle(TEXT)).containsExactly(shingler.shingle(TEXT));

    Banding banding = new Banding(LshParams.of(8, 8));
    int[] signature = DocumentSketcher.create(SketchParams.DEFAULT).sketch(TEXT).signature();
    assertThat(roundTrip(banding).bucketKeys(signature))
        .containsExactly(banding.bucketKeys(signature));

    Verifier verifier = PipelineConfig.builder().build().verifier();
    Verifier verifierCopy = roundTrip(verifier);
    long[] a = DocumentSketcher.create(SketchParams.DEFAULT).sketch(TEXT).shingleSet();
    long[] b = DocumentSketcher.create(SketchParams.DEFAULT).sketch(TEXT + " more").shingleSet();
    assertThat(verifierCopy.verify(signature, signature, () -> a, () -> b))
        .isEqualTo(verifier.verify(signature, signature, () -> a, () -> b));
  }
}
