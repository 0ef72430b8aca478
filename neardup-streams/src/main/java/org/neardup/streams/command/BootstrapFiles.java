package org.neardup.streams.command;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.CRC32C;
import org.neardup.config.PipelineConfig;
import org.neardup.error.NearDupException;
import org.neardup.format.SignatureFile;
import org.neardup.io.FileInputs;
import org.neardup.options.UsageException;
import org.neardup.streams.wire.Message.Loaded;

/**
 * The signature files of a bootstrap ({@code --bootstrap}): a file ({@code .nds}, or {@code
 * .nds.gz}) or a directory of them (the part files of the Spark job's {@code --signatures-out}),
 * read as one list of documents in name order. They must be made with the stream's sketch settings,
 * and carry shingle sets unless the stream estimates: a decision against a document of the
 * bootstrap then reports its exact similarity, as against any other. They are read whole once
 * before anything is loaded, so that a corrupt entry stops the bootstrap before it starts.
 */
public final class BootstrapFiles {
  private final List<Path> files;
  private final boolean sets;
  private final long documents;
  private final long fingerprint;

  private BootstrapFiles(List<Path> files, boolean sets, long documents, long fingerprint) {
    this.files = files;
    this.sets = sets;
    this.documents = documents;
    this.fingerprint = fingerprint;
  }

  /**
   * Opens the bootstrap at {@code given} for a stream of {@code config}: checks every file's
   * header, then reads every entry, to count them and take their fingerprint.
   *
   * @throws UsageException when a file cannot be read, is no signature file or a corrupt one, was
   *     made with other sketch settings, or carries no shingle sets where the stream verifies
   *     exactly
   */
  public static BootstrapFiles open(Path given, PipelineConfig config) {
    List<Path> files = list(given);
    boolean estimate = !config.verifier().needsSets();
    for (Path file : files) {
      try (SignatureFile.Reader reader = FileInputs.signatureReader(file, bytes -> {})) {
        if (!reader.params().equals(config.sketch())) {
          throw new UsageException(
              file
                  + ": signatures made with "
                  + reader.params()
                  + ", but the stream's settings are "
                  + config.sketch()
                  + ": give the stream the sketch options the file was made with");
        }
        if (!reader.withSets() && !estimate) {
          throw new UsageException(
              file
                  + ": the file carries no shingle sets (sign --signatures-only), and the stream"
                  + " verifies each candidate by its exact similarity, which needs them: sign"
                  + " the documents again without --signatures-only, or run the stream with"
                  + " --estimate");
        }
      } catch (IOException e) {
        throw new UsageException(file + ": cannot read: " + e.getMessage());
      }
    }
    BootstrapFiles unread = new BootstrapFiles(files, !estimate, 0, 0);
    CRC32C crc = new CRC32C();
    long documents;
    try {
      documents =
          unread.forEach(
              0,
              (id, document) -> {
                crc.update(id.getBytes(StandardCharsets.UTF_8));
                crc.update(0);
                ByteBuffer values = ByteBuffer.allocate(4 * document.signature().length);
                values.asIntBuffer().put(document.signature());
                crc.update(values);
                if (document.set() != null) {
                  ByteBuffer set = ByteBuffer.allocate(8 * document.set().length);
                  set.asLongBuffer().put(document.set());
                  crc.update(set);
                }
              });
    } catch (IOException e) {
      throw new UsageException(e.getMessage());
    }
    return new BootstrapFiles(files, !estimate, documents, documents << 32 | crc.getValue());
  }

  /** {@code given}, or the signature files of the directory {@code given}, in name order. */
  private static List<Path> list(Path given) {
    if (!Files.isDirectory(given)) {
      if (!Files.isReadable(given)) {
        throw new UsageException(given + ": no such file (--bootstrap)");
      }
      return List.of(given);
    }
    try (Stream<Path> listing = Files.list(given)) {
      List<Path> parts =
          listing
              .filter(
                  file -> {
                    String name = file.getFileName().toString();
                    return Files.isRegularFile(file)
                        && (name.endsWith(".nds") || name.endsWith(".nds.gz"));
                  })
              .sorted()
              .toList();
      if (parts.isEmpty()) {
        throw new UsageException(given + ": a directory without signature files (.nds)");
      }
      return parts;
    } catch (IOException e) {
      throw new UsageException(given + ": cannot read: " + e.getMessage());
    }
  }

  /**
   * A fingerprint of the documents (ids, signatures, sets) and their number: the same documents
   * give the same one, compressed or not.
   */
  public long fingerprint() {
    return fingerprint;
  }

  /** The number of documents. */
  public long documents() {
    return documents;
  }

  /** The files' names, for messages and the seal. */
  public String names() {
    return String.join(", ", files.stream().map(Path::toString).toList());
  }

  /** What to do with each document of the bootstrap. */
  public interface Sink {
    void accept(String id, Loaded document);
  }

  /**
   * Hands {@code sink} every document from the {@code from}-th on (0 is the first), in order.
   *
   * @return the number of documents in the files
   * @throws IOException naming the file, when one cannot be read or is corrupt
   */
  public long forEach(long from, Sink sink) throws IOException {
    long index = 0;
    for (Path file : files) {
      try (SignatureFile.Reader reader = FileInputs.signatureReader(file, bytes -> {})) {
        for (SignatureFile.Entry entry; (entry = reader.next()) != null; index++) {
          if (index >= from) {
            long[] set = sets ? entry.shingleSet() : null;
            sink.accept(entry.id(), new Loaded(fingerprint, index, entry.signature(), set));
          }
        }
      } catch (NearDupException e) {
        throw new IOException(e.getMessage(), e); // a corrupt file names itself and the offset
      } catch (IOException e) {
        throw new IOException(file + ": cannot read: " + e.getMessage(), e);
      }
    }
    return index;
  }
}
