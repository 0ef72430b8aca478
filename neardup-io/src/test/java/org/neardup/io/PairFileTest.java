package org.neardup.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.eval.IdPair;
import org.neardup.input.InputException;

class PairFileTest {
  @TempDir Path dir;

  @Test
  void readsWhitespaceTruthFilesAndNeardupOutput() throws IOException {
    Path truth = Files.writeString(dir.resolve("truth"), "t2 t1\nt3  t4 \n\n");
    Path found = Files.writeString(dir.resolve("found.tsv"), "a b\tc\t0.812500\n");
    assertThat(PairFile.read(truth)).containsOnlyKeys(IdPair.of("t1", "t2"), IdPair.of("t3", "t4"));
    assertThat(PairFile.read(found)).containsExactly(Map.entry(IdPair.of("a b", "c"), 0.8125));
  }

  @Test
  void badPairFilesNameFileAndLine() throws IOException {
    Path bad = Files.writeString(dir.resolve("bad.tsv"), "a\tb\t0.9\nlonely\n");
    assertThatThrownBy(() -> PairFile.read(bad))
        .isInstanceOf(InputException.class)
        .hasMessage(bad + ":2: expected two ids, got 'lonely'");
    Path badSimilarity = Files.writeString(dir.resolve("sim.tsv"), "a\tb\t1.5\n");
    assertThatThrownBy(() -> PairFile.read(badSimilarity))
        .hasMessageContaining(":1: similarity '1.5' is not a number in [0, 1]");
    assertThatThrownBy(() -> PairFile.read(dir.resolve("missing")))
        .hasMessageEndingWith("missing: no such file");
  }
}
