package org.neardup.index;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.neardup.config.PipelineConfig;
import org.neardup.sketch.DocumentSketcher;
import org.neardup.verify.Jaccard;

class KeptSetCheckTest {
  private static final PipelineConfig CONFIG = PipelineConfig.builder().build();
  private static final DocumentSketcher SKETCHER = DocumentSketcher.create(CONFIG.sketch());
  private static final List<String> IDS = List.of("ad", "repost", "other");
  private static final List<String> TEXTS =
      List.of(
          "Sunny two-room flat near Termini station, 800 euro a month, furnished",
          "Sunny two-room flat near Termini station - 800 euro a month, furnished!",
          "Studio in Trastevere with terrace, 650 euro");
  private static final double SIMILARITY =
      Jaccard.similarity(SKETCHER.shingleSet(TEXTS.get(0)), SKETCHER.shingleSet(TEXTS.get(1)));

  @Test
  void aRefusedDocumentNamingItsHeldNearDuplicatePasses() {
    assertThatCode(
            () ->
                check(
                    Map.of("repost", new KeptSetCheck.Refusal("ad", SIMILARITY)),
                    Set.of("ad", "other")))
        .doesNotThrowAnyException();
  }

  @Test
  void aRefusedDocumentNamingADocumentNotHeldFails() {
    assertThatThrownBy(
            () ->
                check(
                    Map.of("repost", new KeptSetCheck.Refusal("gone", SIMILARITY)),
                    Set.of("ad", "other")))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("repost duplicates gone, which is held");
  }

  @Test
  void aSimilarityOtherThanTheExactOneFails() {
    assertThatThrownBy(
            () ->
                check(
                    Map.of("repost", new KeptSetCheck.Refusal("ad", 0.99)), Set.of("ad", "other")))
        .isInstanceOf(AssertionError.class);
  }

  @Test
  void twoHeldNearDuplicatesThatShareABandFail() {
    assertThatThrownBy(() -> check(Map.of(), Set.of("ad", "repost", "other")))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("held pair ad, repost found by LSH");
  }

  @Test
  void aRefusedDocumentThatIsHeldFails() {
    assertThatThrownBy(
            () ->
                check(
                    Map.of("repost", new KeptSetCheck.Refusal("ad", SIMILARITY)),
                    Set.of("ad", "repost", "other")))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("[repost]");
  }

  private static void check(Map<String, KeptSetCheck.Refusal> refused, Set<String> held)
      throws Exception {
    KeptSetCheck.assertBothGuarantees(
        IDS,
        TEXTS,
        refused,
        (id, text) -> held.contains(id),
        SKETCHER,
        CONFIG.lshParams(),
        CONFIG.threshold());
  }
}
