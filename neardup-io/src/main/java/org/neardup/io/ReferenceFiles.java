package org.neardup.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.LongConsumer;
import org.neardup.batch.reference.StreamedReference;
import org.neardup.format.SignatureFile;
import org.neardup.input.Document;
import org.neardup.input.InputProblems;
import org.neardup.sketch.SketchParams;

/**
 * Files as references of a run ({@code --against}): a text input in any format the readers read, or
 * a signature file of {@code neardup sign} (not sketched again). Stateless factories.
 */
public final class ReferenceFiles {
  /** The first bytes of a signature file ({@link SignatureFile}'s magic). */
  private static final byte[] MAGIC = {'N', 'D', 'S', 'F'};

  private ReferenceFiles() {}

  /**
   * A text input as a reference, read with {@code options}; bad records go to {@code problems}
   * (under {@code --on-error skip} they are skipped, as a reference is never written).
   *
   * @param qualifyRecordNumbers whether record-number ids are made {@code FILE#N} (CSV without an
   *     id field), as they are among several inputs
   */
  public static StreamedReference text(
      Path path, InputOptions options, boolean qualifyRecordNumbers, InputProblems problems) {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(options, "options");
    Objects.requireNonNull(problems, "problems");
    DocumentReaders.check(path, options);
    return new FileReference(path, null, true) {
      @Override
      public long bytes() {
        return DocumentReaders.size(path, options);
      }

      @Override
      public void read(Sink sink, LongConsumer bytesRead) {
        try (DocumentReader reader = DocumentReaders.open(path, options, problems, bytesRead)) {
          for (Document document; (document = reader.next()) != null; ) {
            String id = qualifyRecordNumbers ? path + "#" + document.id() : document.id();
            sink.text(id, document.text());
          }
        }
      }
    };
  }

  /**
   * A signature file of {@code neardup sign} as a reference: its header is read now.
   *
   * @throws java.io.UncheckedIOException when it cannot be read, naming it
   * @throws org.neardup.format.CorruptFormatException when it is not a signature file
   */
  public static StreamedReference signatures(Path path) {
    Objects.requireNonNull(path, "path");
    SketchParams params;
    boolean withSets;
    try (SignatureFile.Reader reader = FileInputs.signatureReader(path, bytes -> {})) {
      params = reader.params();
      withSets = reader.withSets();
    } catch (IOException e) {
      throw FileInputs.failure(path, e);
    }
    return new FileReference(path, params, withSets) {
      @Override
      public long bytes() {
        try {
          return Files.size(path);
        } catch (IOException e) {
          return -1;
        }
      }

      @Override
      public void read(Sink sink, LongConsumer bytesRead) {
        try (SignatureFile.Reader reader = FileInputs.signatureReader(path, bytesRead)) {
          sketchEach(reader, sink);
        } catch (IOException e) {
          throw FileInputs.failure(path, e);
        }
      }
    };
  }

  /**
   * Hands each entry of {@code reader} to {@code sink}, its shingle set (if the file has sets)
   * still encoded, decoded only when a candidate asks for it.
   */
  public static void sketchEach(SignatureFile.Reader reader, StreamedReference.Sink sink)
      throws IOException {
    for (SignatureFile.Encoded entry; (entry = reader.nextEncoded()) != null; ) {
      SignatureFile.Encoded read = entry;
      sink.sketch(
          entry.id(),
          entry.signature(),
          entry.setSize(),
          entry.hasShingleSet() ? read::shingleSet : null);
    }
  }

  /** A reference read from a file, named by its path. */
  private abstract static class FileReference implements StreamedReference {
    private final Path path;
    private final SketchParams params;
    private final boolean withSets;

    FileReference(Path path, SketchParams params, boolean withSets) {
      this.path = path;
      this.params = params;
      this.withSets = withSets;
    }

    @Override
    public String name() {
      return path.toString();
    }

    @Override
    public SketchParams params() {
      return params;
    }

    @Override
    public boolean givesSets() {
      return withSets;
    }
  }

  /**
   * Whether {@code path} is a signature file (its first bytes, gzip-compressed or not, are a
   * signature file's magic), rather than a text input.
   */
  public static boolean isSignatureFile(Path path) {
    if (!Files.isRegularFile(path)) {
      return false;
    }
    try (java.io.InputStream in = Decompression.openInput(path, bytes -> {}).stream()) {
      return java.util.Arrays.equals(in.readNBytes(4), MAGIC);
    } catch (IOException | RuntimeException e) {
      return false; // the reader of its format says what is wrong with it
    }
  }
}
