package org.neardup.options;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The number forms that the CLI's and the Spark job's outputs share, so that their lines are equal.
 */
class FormatsTest {
  @Test
  void aSimilarityHasExactlySixDecimals() {
    assertThat(Formats.similarity(0.8125)).isEqualTo("0.812500");
    assertThat(Formats.similarity(1)).isEqualTo("1.000000");
    assertThat(Formats.similarity(0)).isEqualTo("0.000000");
    assertThat(Formats.similarity(2.0 / 3)).isEqualTo("0.666667");
    assertThat(Formats.similarity(0.0000004)).isEqualTo("0.000000");
  }

  @Test
  void aPlainNumberIsAsShortAsItIsExact() {
    assertThat(Formats.plain(0.8)).isEqualTo("0.8");
    assertThat(Formats.plain(1.0)).isEqualTo("1");
    assertThat(Formats.plain(Double.NaN)).isEqualTo("NaN");
  }

  @Test
  void countsAndBytesReadAsWords() {
    assertThat(Formats.count(1, "record")).isEqualTo("1 record");
    assertThat(Formats.count(12_345, "record")).isEqualTo("12,345 records");
    assertThat(Formats.bytes(512)).isEqualTo("512 B");
    assertThat(Formats.bytes(1536 * 1024)).isEqualTo("1.5 MiB");
  }
}
