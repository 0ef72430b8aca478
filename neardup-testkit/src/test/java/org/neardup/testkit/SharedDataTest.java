package org.neardup.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.TestAbortedException;

class SharedDataTest {
  @TempDir Path root;

  @Test
  void presentFileIsReturnedEitherWay() throws IOException {
    Path file = Files.writeString(root.resolve("corpus.tsv"), "a\tb\n");
    assertThat(SharedData.file(root, "corpus.tsv", false)).isEqualTo(file);
    assertThat(SharedData.file(root, "corpus.tsv", true)).isEqualTo(file);
  }

  @Test
  void absentFileSkipsOutsideCi() {
    assertThatThrownBy(() -> SharedData.file(root, "kijiji/missing.tsv", false))
        .isInstanceOf(TestAbortedException.class)
        .hasMessageContaining("skipping")
        .hasMessageContaining("missing.tsv");
  }

  @Test
  void absentFileFailsUnderCi() {
    assertThatThrownBy(() -> SharedData.file(root, "kijiji/missing.tsv", true))
        .isInstanceOf(AssertionError.class)
        .isNotInstanceOf(TestAbortedException.class)
        .hasMessageContaining("missing.tsv")
        .hasMessageContaining("CI=true");
  }

  @Test
  void aDirectoryIsNotADataFile() throws IOException {
    Files.createDirectories(root.resolve("kijiji"));
    assertThatThrownBy(() -> SharedData.file(root, "kijiji", true))
        .isInstanceOf(AssertionError.class);
  }
}
