package org.neardup.spark;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JobSettingsTest {
  private static final long MIB = 1L << 20;

  @Test
  void smallInputsGetTwiceTheParallelismAsPartitions() {
    assertThat(JobSettings.autoPartitions(0, 2)).isEqualTo(4);
    assertThat(JobSettings.autoPartitions(35 * MIB, 2)).isEqualTo(4);
    assertThat(JobSettings.autoPartitions(35 * MIB, 8)).isEqualTo(16);
  }

  @Test
  void largeInputsGetAPartitionPer16MibOfInputUpToTheCap() {
    assertThat(JobSettings.autoPartitions(331 * MIB, 2)).isEqualTo(21);
    assertThat(JobSettings.autoPartitions(16 * MIB * 100 + 1, 2)).isEqualTo(101);
    assertThat(JobSettings.autoPartitions(1L << 50, 2)).isEqualTo(JobSettings.MAX_AUTO_PARTITIONS);
    assertThat(JobSettings.autoPartitions(1L << 50, 10_000)).isEqualTo(20_000);
  }

  @Test
  void splitsAreTheInputOverTwiceTheParallelismBetween1And16Mib() {
    assertThat(JobSettings.autoSplitBytes(100, 2)).isEqualTo(MIB);
    assertThat(JobSettings.autoSplitBytes(40 * MIB, 2)).isEqualTo(10 * MIB);
    assertThat(JobSettings.autoSplitBytes(331 * MIB, 2)).isEqualTo(16 * MIB);
    assertThat(JobSettings.autoSplitBytes(1L << 40, 64)).isEqualTo(16 * MIB);
  }
}
