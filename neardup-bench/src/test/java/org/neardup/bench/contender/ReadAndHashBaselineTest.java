package org.neardup.bench.contender;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.shingle.ShingleConfig;

class ReadAndHashBaselineTest {
  @TempDir Path dir;

  @Test
  void theReadAndHashBaselineIsTheContenderNamedReadAndHash() {
    assertThat(Contenders.named("read-and-hash")).isInstanceOf(ReadAndHashBaseline.class);
    assertThat(Contenders.named("read-and-hash").description())
        .startsWith("read-and-hash baseline: ");
  }

  @Test
  void noContenderIsNamedFloorWhichIsTheTopKSimilarityFloor() {
    assertThatThrownBy(() -> Contenders.named("floor"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("unknown contender 'floor'")
        .hasMessageContaining("read-and-hash");
  }

  @Test
  void readsEveryDocumentTimesOnePhaseAndFindsNoPairs() throws Exception {
    Path corpus = dir.resolve("corpus.tsv");
    Files.writeString(
        corpus, "a\tthe quick brown fox\nb\tjumps over the lazy dog\nc\tand runs away\n");
    BenchSettings settings =
        new BenchSettings(corpus, 0.8, ShingleConfig.parse("char:5"), 128, 1, 10, 10, 5, 0);
    Phases phases = new Phases();
    ContenderOutcome outcome = new ReadAndHashBaseline().run(settings, phases);
    assertThat(outcome.ids()).containsExactly("a", "b", "c");
    assertThat(outcome.pairs()).isEmpty();
    assertThat(outcome.candidatePairs()).isEqualTo(ContenderOutcome.UNKNOWN);
    assertThat(outcome.parameters()).startsWith("hash checksum ");
    assertThat(phases.seconds()).containsOnlyKeys("read+hash");
  }
}
