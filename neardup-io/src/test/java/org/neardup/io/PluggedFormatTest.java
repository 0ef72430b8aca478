package org.neardup.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.neardup.io.IoFixtures.write;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.input.InputException;
import org.neardup.input.InputProblems;
import org.neardup.input.OnError;

/**
 * Parquet without neardup-parquet on the class path (as in this module's tests): known, and refused
 * by name.
 */
class PluggedFormatTest {
  @TempDir Path dir;

  @Test
  void aParquetFileIsRecognizedByNameOrMagicAndItsReadingNamesTheMissingJar() throws Exception {
    Path named = Files.createFile(dir.resolve("x.parquet"));
    Path magic = write(dir, "data.bin", "PAR1\0\0\0\0PAR1");
    assertThat(InputFormat.detect(named)).isSameAs(InputFormat.PARQUET);
    assertThat(InputFormat.detect(magic)).isSameAs(InputFormat.PARQUET);
    assertThat(InputFormat.parse("Parquet")).isSameAs(InputFormat.PARQUET);
    assertThat(((PluggedFormat) InputFormat.PARQUET).isAvailable()).isFalse();

    assertThatThrownBy(
            () ->
                DocumentReaders.open(
                    magic, InputOptions.of(InputFormat.PARQUET), new InputProblems(OnError.FAIL)))
        .isInstanceOf(InputException.class)
        .hasMessageContaining(
            "data.bin: parquet is read and written by neardup-parquet.jar, which is not on the"
                + " class path");
    assertThatThrownBy(
            () ->
                InputFormat.PARQUET.copyExcept(
                    named,
                    InputOptions.of(InputFormat.PARQUET),
                    i -> false,
                    new ByteArrayOutputStream(),
                    true))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("lib/ beside neardup.jar");
  }

  @Test
  void parquetOnStandardInputWithoutItsJarNamesTheJarBeforeReadingAnything() {
    java.io.InputStream saved = System.in;
    java.io.ByteArrayInputStream in =
        new java.io.ByteArrayInputStream(
            "PAR1".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    try {
      System.setIn(in);
      assertThatThrownBy(
              () ->
                  DocumentReaders.open(
                      Path.of("-"),
                      InputOptions.of(InputFormat.PARQUET),
                      new InputProblems(OnError.FAIL),
                      bytes -> {}))
          .isInstanceOf(InputException.class)
          .hasMessageStartingWith(
              "standard input: parquet is read and written by neardup-parquet.jar, which is not on"
                  + " the class path");
    } finally {
      System.setIn(saved);
    }
    assertThat(in.available()).as("standard input left unread").isEqualTo(4);
  }
}
