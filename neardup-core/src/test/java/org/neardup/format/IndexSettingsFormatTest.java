package org.neardup.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.neardup.config.PipelineConfig;
import org.neardup.index.IndexSettings;
import org.neardup.index.SearchSettings;

class IndexSettingsFormatTest {
  private static final PipelineConfig CONFIG = PipelineConfig.builder().build();

  /**
   * The record of a plain index, as version 1 wrote it before top-k and containment existed: it
   * still reads, and plain settings are still written byte for byte as version 1.
   */
  static final String VERSION_1_DEFAULTS =
      "4e4449580100"
          + "0200010000000000000080000000000b0500020001"
          + "0015000000060000009a9999999999e93fae47e17a14aeef3f01000000";

  @Test
  void plainSettingsAreVersionOneByteForByte() {
    byte[] bytes = IndexSettingsFormat.encode(IndexSettings.of(CONFIG, true));
    assertThat(bytes).hasSize(IndexSettingsFormat.BYTES);
    assertThat(HexFormat.of().formatHex(bytes)).isEqualTo(VERSION_1_DEFAULTS);
    IndexSettings read = IndexSettingsFormat.decode(HexFormat.of().parseHex(VERSION_1_DEFAULTS));
    assertThat(read).isEqualTo(IndexSettings.of(CONFIG, true));
    assertThat(read.search()).isEqualTo(SearchSettings.NONE);
  }

  @Test
  void searchSettingsMakeVersionTwoAndReadBack() {
    IndexSettings settings = IndexSettings.of(CONFIG, false, new SearchSettings(0.3, 4));
    byte[] bytes = IndexSettingsFormat.encode(settings);
    assertThat(bytes).hasSize(IndexSettingsFormat.BYTES_V2);
    assertThat(bytes[4]).isEqualTo((byte) 2);
    assertThat(IndexSettingsFormat.decode(bytes)).isEqualTo(settings);
    assertThat(settings.differences(IndexSettings.of(CONFIG, false)))
        .containsExactly(
            "top-k floor: 0.3 vs none (top-k down to the threshold " + CONFIG.threshold() + ")",
            "containment sampling: 1 in 4 vs none");
    assertThat(settings.differsOnlyInSearch(IndexSettings.of(CONFIG, false))).isTrue();
    assertThat(settings.differsOnlyInSearch(IndexSettings.of(CONFIG, true))).isFalse();
  }

  @Test
  void refusesUnknownVersionsAndWrongLengths() {
    byte[] bytes =
        IndexSettingsFormat.encode(IndexSettings.of(CONFIG, false, SearchSettings.containment(8)));
    bytes[4] = 3;
    assertThatThrownBy(() -> IndexSettingsFormat.decode(bytes))
        .hasMessageContaining("unsupported index settings version 3");
    byte[] v1 = IndexSettingsFormat.encode(IndexSettings.of(CONFIG, false));
    v1[4] = 2;
    assertThatThrownBy(() -> IndexSettingsFormat.decode(v1)).hasMessageContaining("expected 72");
  }
}
