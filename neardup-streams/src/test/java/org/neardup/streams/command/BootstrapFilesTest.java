package org.neardup.streams.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.config.PipelineConfig;
import org.neardup.format.SignatureFile;
import org.neardup.options.UsageException;
import org.neardup.shingle.ShingleConfig;
import org.neardup.sketch.DocumentSketcher;
import org.neardup.streams.topology.SignedDocuments;
import org.neardup.verify.VerifyMode;

class BootstrapFilesTest {
  private static final PipelineConfig CONFIG = PipelineConfig.builder().build();

  @TempDir Path directory;

  private static LinkedHashMap<String, String> documents(String prefix, int count) {
    LinkedHashMap<String, String> documents = new LinkedHashMap<>();
    for (int i = 0; i < count; i++) {
      documents.put(prefix + i, "document number " + i + " of " + prefix + ", with a few words");
    }
    return documents;
  }

  private static List<String> ids(BootstrapFiles files) throws Exception {
    List<String> ids = new ArrayList<>();
    files.forEach(0, (id, document) -> ids.add(id));
    return ids;
  }

  @Test
  void readsEveryDocumentInOrderWithItsSignatureAndSet() throws Exception {
    LinkedHashMap<String, String> documents = documents("a", 5);
    Path file = SignedDocuments.write(directory.resolve("a.nds"), documents, 5, CONFIG);
    BootstrapFiles files = BootstrapFiles.open(file, CONFIG);
    assertThat(files.documents()).isEqualTo(5);
    DocumentSketcher sketcher = DocumentSketcher.create(CONFIG.sketch());
    List<String> seen = new ArrayList<>();
    files.forEach(
        2,
        (id, document) -> {
          seen.add(id);
          assertThat(document.index()).isEqualTo(seen.size() + 1);
          assertThat(document.fingerprint()).isEqualTo(files.fingerprint());
          assertThat(document.signature())
              .isEqualTo(sketcher.sketch(documents.get(id)).signature());
          assertThat(document.set()).isEqualTo(sketcher.shingleSet(documents.get(id)));
        });
    assertThat(seen).containsExactly("a2", "a3", "a4");
  }

  @Test
  void theSameDocumentsHaveTheSameFingerprintCompressedOrNotAndOthersAnother() throws Exception {
    Path file = SignedDocuments.write(directory.resolve("a.nds"), documents("a", 20), 20, CONFIG);
    Path gzip = directory.resolve("a.nds.gz");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gzip))) {
      Files.copy(file, out);
    }
    Path fewer = SignedDocuments.write(directory.resolve("b.nds"), documents("a", 20), 19, CONFIG);
    long fingerprint = BootstrapFiles.open(file, CONFIG).fingerprint();
    assertThat(BootstrapFiles.open(gzip, CONFIG).fingerprint()).isEqualTo(fingerprint);
    assertThat(BootstrapFiles.open(fewer, CONFIG).fingerprint()).isNotEqualTo(fingerprint);
  }

  @Test
  void aDirectoryIsItsSignatureFilesInNameOrder() throws Exception {
    Path parts = Files.createDirectory(directory.resolve("signatures"));
    SignedDocuments.write(parts.resolve("part-00001.nds"), documents("b", 2), 2, CONFIG);
    SignedDocuments.write(parts.resolve("part-00000.nds"), documents("a", 3), 3, CONFIG);
    Files.writeString(parts.resolve("_SUCCESS"), "");
    BootstrapFiles files = BootstrapFiles.open(parts, CONFIG);
    assertThat(ids(files)).containsExactly("a0", "a1", "a2", "b0", "b1");
    assertThat(files.documents()).isEqualTo(5);
  }

  @Test
  void filesOfOtherSketchSettingsAreRefused() throws Exception {
    Path file = SignedDocuments.write(directory.resolve("a.nds"), documents("a", 3), 3, CONFIG);
    PipelineConfig words = CONFIG.toBuilder().shingle(ShingleConfig.words(2)).build();
    assertThatThrownBy(() -> BootstrapFiles.open(file, words))
        .isInstanceOf(UsageException.class)
        .hasMessageContaining(file + ": signatures made with")
        .hasMessageContaining("but the stream's settings are");
  }

  /**
   * Without shingle sets no similarity with a document of the bootstrap could be exact: such a file
   * is refused, unless the stream estimates every similarity anyway.
   */
  @Test
  void aFileWithoutShingleSetsIsRefusedUnlessTheStreamEstimates() throws Exception {
    Path file = directory.resolve("signatures-only.nds");
    DocumentSketcher sketcher = DocumentSketcher.create(CONFIG.sketch());
    try (SignatureFile.Writer writer =
        SignatureFile.write(Files.newOutputStream(file), CONFIG.sketch(), false)) {
      documents("a", 4)
          .forEach(
              (id, text) -> {
                try {
                  writer.add(
                      new SignatureFile.Entry(
                          id, text.length(), sketcher.sketch(text).signature(), null));
                } catch (java.io.IOException e) {
                  throw new java.io.UncheckedIOException(e);
                }
              });
    }
    assertThatThrownBy(() -> BootstrapFiles.open(file, CONFIG))
        .isInstanceOf(UsageException.class)
        .hasMessageContaining("carries no shingle sets");
    PipelineConfig estimate = CONFIG.toBuilder().verify(VerifyMode.ESTIMATE).build();
    BootstrapFiles files = BootstrapFiles.open(file, estimate);
    assertThat(files.documents()).isEqualTo(4);
    files.forEach(0, (id, document) -> assertThat(document.set()).isNull());
  }

  @Test
  void aCorruptOrMissingFileIsRefusedBeforeAnythingIsLoaded() throws Exception {
    Path file = SignedDocuments.write(directory.resolve("a.nds"), documents("a", 3), 3, CONFIG);
    byte[] bytes = Files.readAllBytes(file);
    Path truncated = directory.resolve("truncated.nds");
    Files.write(truncated, java.util.Arrays.copyOf(bytes, bytes.length - 5));
    assertThatThrownBy(() -> BootstrapFiles.open(truncated, CONFIG))
        .isInstanceOf(UsageException.class)
        .hasMessageContaining(truncated.toString())
        .hasMessageContaining("truncated entry");
    Path missing = directory.resolve("missing.nds");
    assertThatThrownBy(() -> BootstrapFiles.open(missing, CONFIG))
        .isInstanceOf(UsageException.class)
        .hasMessageContaining(missing + ": no such file");
    Path empty = Files.createDirectory(directory.resolve("empty"));
    assertThatThrownBy(() -> BootstrapFiles.open(empty, CONFIG))
        .isInstanceOf(UsageException.class)
        .hasMessageContaining("a directory without signature files");
  }
}
