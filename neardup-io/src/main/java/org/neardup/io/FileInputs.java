package org.neardup.io;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.IntPredicate;
import java.util.function.LongConsumer;
import java.util.stream.Stream;
import org.neardup.batch.BatchInput;
import org.neardup.batch.corpus.Corpus;
import org.neardup.batch.corpus.CorpusBuilder;
import org.neardup.format.SignatureFile;
import org.neardup.input.Document;
import org.neardup.input.InputException;
import org.neardup.input.InputProblems;
import org.neardup.input.OnError;

/**
 * Input files as a {@link BatchInput}: text inputs, each with its reading options, then signature
 * files, whose entries join the corpus after the texts.
 *
 * <p>Read again for the documents whose shingle sets (or full signatures) the corpus did not keep,
 * each file from start to end, handing over only the records that are wanted. A record is matched
 * to its ordinal by its input and record index, which the corpus keeps. Bad records were reported
 * on the first read and are passed over silently. An input that changed since these inputs were
 * opened is an error. Not thread-safe.
 */
public final class FileInputs implements BatchInput {
  /**
   * A text input.
   *
   * @param qualifyRecordNumbers whether ids are made {@code FILE#N} from the reader's record
   *     numbers (CSV without an id field, among several inputs)
   */
  public record TextInput(Path path, InputOptions options, boolean qualifyRecordNumbers) {
    public TextInput {
      Objects.requireNonNull(path, "path");
      Objects.requireNonNull(options, "options");
    }
  }

  private final List<TextInput> texts;
  private final List<Path> signatureFiles;
  private final InputSnapshot snapshot; // null when an input cannot be read twice

  private FileInputs(List<TextInput> texts, List<Path> signatureFiles, InputSnapshot snapshot) {
    this.texts = texts;
    this.signatureFiles = signatureFiles;
    this.snapshot = snapshot;
  }

  /**
   * These inputs, with their state now to check against when they are read again. They are
   * {@linkplain #rereadable() read again} only when every one is a regular file or a directory (not
   * a pipe).
   */
  public static FileInputs of(List<TextInput> texts, List<Path> signatureFiles) {
    List<Path> all = new ArrayList<>();
    texts.forEach(text -> all.add(text.path()));
    all.addAll(signatureFiles);
    boolean rereadable = true;
    for (Path path : all) {
      rereadable &= Files.isRegularFile(path) || Files.isDirectory(path);
    }
    return new FileInputs(
        List.copyOf(texts), List.copyOf(signatureFiles), rereadable ? InputSnapshot.of(all) : null);
  }

  /** Text inputs only. */
  public static FileInputs ofTexts(List<TextInput> texts) {
    return of(texts, List.of());
  }

  @Override
  public boolean rereadable() {
    return snapshot != null;
  }

  /** Every input's and signature file's size; -1 if one is unknown. */
  @Override
  public long bytes() {
    long total = 0;
    for (TextInput text : texts) {
      long size = DocumentReaders.size(text.path(), text.options());
      if (size < 0) {
        return -1;
      }
      total += size;
    }
    for (Path file : signatureFiles) {
      try {
        total += Files.size(file);
      } catch (IOException e) {
        return -1;
      }
    }
    return total;
  }

  /**
   * Roughly how many bytes the text inputs hold as text: file sizes, a gzip file counted four times
   * over, the files of an input directory summed.
   */
  @Override
  public long textBytes() {
    long total = 0;
    for (TextInput text : texts) {
      Path path = text.path();
      try (Stream<Path> files = Files.isDirectory(path) ? Files.walk(path) : Stream.of(path)) {
        for (Path file : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
          long size = Files.size(file);
          total += file.getFileName().toString().endsWith(".gz") ? 4 * size : size;
        }
      } catch (IOException | UncheckedIOException e) {
        // the reader reports it
      }
    }
    return total;
  }

  @Override
  public boolean givesOnlyTexts() {
    return signatureFiles.isEmpty();
  }

  /**
   * Reads every text input, then every signature file, into {@code builder}. Ids {@code FILE#N}
   * that break the rules of {@link org.neardup.input.DocumentId} are reported to {@code problems},
   * as the readers report the records they read.
   */
  @Override
  public void readInto(CorpusBuilder builder, InputProblems problems, LongConsumer bytesRead) {
    for (TextInput text : texts) {
      Path path = text.path();
      try (DocumentReader reader =
          DocumentReaders.open(path, text.options(), problems, bytesRead)) {
        for (Document document; (document = reader.next()) != null; ) {
          if (text.qualifyRecordNumbers()) {
            document =
                new Document(
                    path + "#" + document.id(),
                    document.text(),
                    document.source(),
                    document.line(),
                    document.recordIndex());
            if (!problems.admit(document)) {
              continue; // FILE#N made from a file name the id rule refuses
            }
          }
          builder.add(document);
        }
      }
    }
    for (Path file : signatureFiles) {
      String source = file.toString();
      try (SignatureFile.Reader reader = signatureReader(file, bytesRead)) {
        long index = 0;
        for (SignatureFile.Entry entry; (entry = reader.next()) != null; index++) {
          builder.add(
              entry.id(),
              entry.signature(),
              entry.shingleSet(),
              entry.textLength(),
              source,
              0,
              index);
        }
      } catch (IOException e) {
        throw failure(file, e);
      }
    }
  }

  /**
   * Opens a signature file (gzip-compressed or not) at its header, telling {@code bytesRead} how
   * many bytes of it are read.
   */
  public static SignatureFile.Reader signatureReader(Path file, LongConsumer bytesRead)
      throws IOException {
    InputStream in = Decompression.openInput(file, bytesRead).stream();
    try {
      return SignatureFile.read(in, file.toString());
    } catch (IOException | RuntimeException e) {
      in.close();
      throw e;
    }
  }

  /** {@code file: cannot read: ...}, unchecked. */
  public static UncheckedIOException failure(Path file, IOException e) {
    return new UncheckedIOException(new IOException(file + ": cannot read: " + e.getMessage(), e));
  }

  @Override
  public void reread(Corpus corpus, IntPredicate wanted, Sink sink) {
    if (snapshot == null) {
      throw new IllegalStateException(
          "these inputs cannot be read again (one is not a regular file)");
    }
    snapshot.checkUnchanged();
    Cursor cursor = new Cursor(corpus, wanted);
    InputProblems silent = new InputProblems(OnError.SKIP);
    for (TextInput text : texts) {
      Path path = text.path();
      if (!cursor.wantsSource(path.toString())) {
        continue;
      }
      try (DocumentReader reader = DocumentReaders.open(path, text.options(), silent)) {
        for (Document document; (document = reader.next(cursor::atOrPast)) != null; ) {
          if (cursor.matches(document.recordIndex(), path)) {
            sink.text(cursor.ordinal, document.text());
            if (!cursor.advance(path.toString())) {
              break;
            }
          }
        }
      }
      cursor.checkDone(path.toString(), path);
    }
    for (Path file : signatureFiles) {
      if (!cursor.wantsSource(file.toString())) {
        continue;
      }
      try (SignatureFile.Reader reader = signatureReader(file, bytes -> {})) {
        long index = 0;
        for (SignatureFile.Entry entry; (entry = reader.next()) != null; index++) {
          if (cursor.matches(index, file)) {
            sink.sketch(cursor.ordinal, entry.signature(), entry.shingleSet());
            if (!cursor.advance(file.toString())) {
              break;
            }
          }
        }
      } catch (IOException e) {
        throw failure(file, e);
      }
      cursor.checkDone(file.toString(), file);
    }
    snapshot.checkUnchanged();
  }

  /** The next wanted ordinal, and where its record is. */
  private static final class Cursor {
    private final Corpus corpus;
    private final IntPredicate wanted;
    private final List<String> sources;
    int ordinal;

    Cursor(Corpus corpus, IntPredicate wanted) {
      this.corpus = corpus;
      this.wanted = wanted;
      this.sources = corpus.sources();
      this.ordinal = next(0);
    }

    private int next(int from) {
      int o = from;
      while (o < corpus.size() && !wanted.test(o)) {
        o++;
      }
      return o;
    }

    /** Whether the next wanted record is in {@code source}. */
    boolean wantsSource(String source) {
      return ordinal < corpus.size() && sources.get(corpus.sourceIndex(ordinal)).equals(source);
    }

    /**
     * Whether the record at {@code recordIndex} of the current source is the wanted one or past it.
     */
    boolean atOrPast(long recordIndex) {
      return recordIndex >= corpus.recordIndex(ordinal);
    }

    /** Whether the record at {@code recordIndex} of the current source is the wanted one. */
    boolean matches(long recordIndex, Path path) {
      long expected = corpus.recordIndex(ordinal);
      if (recordIndex > expected) {
        throw changed(path);
      }
      return recordIndex == expected;
    }

    /**
     * Moves past the current ordinal; false when the next wanted record is not in {@code source}.
     */
    boolean advance(String source) {
      ordinal = next(ordinal + 1);
      return wantsSource(source);
    }

    /** After reading {@code source} to its end: no wanted record of it may be left. */
    void checkDone(String source, Path path) {
      if (wantsSource(source)) {
        throw changed(path);
      }
    }

    private static InputException changed(Path path) {
      return new InputException(
          path.toString(),
          0,
          null,
          "changed while neardup was reading it; run again on a file that is not being written");
    }
  }
}
