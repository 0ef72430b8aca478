package org.neardup.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;
import org.neardup.cli.options.InputOptionsMixin;
import org.neardup.cli.options.InputSnapshot;
import org.neardup.format.SignatureFile;
import org.neardup.input.Document;
import org.neardup.input.InputException;
import org.neardup.input.InputProblems;
import org.neardup.input.OnError;
import org.neardup.io.Decompression;
import org.neardup.io.DocumentReader;
import org.neardup.io.DocumentReaders;
import org.neardup.pipeline.Corpus;
import org.neardup.pipeline.SketchSource;

/**
 * The inputs of a run read again, for the documents whose shingle sets (or full signatures) the
 * corpus did not keep: text inputs with the same reading options, then signature files, each from
 * start to end, handing over only the records that are wanted. A record is matched to its ordinal
 * by its input and record index, which the corpus keeps. Bad records were reported on the first
 * read and are passed over silently. An input that changed since the first read is an error.
 * Not thread-safe.
 */
final class InputRereader implements SketchSource {
  private final InputOptionsMixin input;
  private final List<Path> signatureFiles;
  private final InputSnapshot snapshot;

  private InputRereader(InputOptionsMixin input, List<Path> signatureFiles, InputSnapshot snapshot) {
    this.input = input;
    this.signatureFiles = signatureFiles;
    this.snapshot = snapshot;
  }

  /**
   * A rereader of these inputs, with their state now to check against; null when one of them
   * cannot be read twice (a pipe).
   */
  static InputRereader ifRereadable(InputOptionsMixin input, List<Path> signatureFiles) {
    List<Path> all = new ArrayList<>(input.paths());
    all.addAll(signatureFiles);
    for (Path path : all) {
      if (!Files.isRegularFile(path) && !Files.isDirectory(path)) {
        return null;
      }
    }
    return new InputRereader(input, List.copyOf(signatureFiles), InputSnapshot.of(all));
  }

  /**
   * Roughly how many bytes the inputs hold as text: file sizes, a gzip file counted four times over,
   * the files of an input directory summed. For deciding, before reading, whether shingle sets will
   * fit in memory.
   */
  long textBytes() {
    long total = 0;
    for (Path path : input.paths()) {
      try (java.util.stream.Stream<Path> files = Files.isDirectory(path) ? Files.walk(path) : java.util.stream.Stream.of(path)) {
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

  @Override
  public void reread(Corpus corpus, IntPredicate wanted, Sink sink) {
    snapshot.checkUnchanged();
    Cursor cursor = new Cursor(corpus, wanted);
    InputProblems silent = new InputProblems(OnError.SKIP);
    for (Path path : input.paths()) {
      if (!cursor.wantsSource(path.toString())) {
        continue;
      }
      try (DocumentReader reader = DocumentReaders.open(path, input.options(path), silent)) {
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
      try (InputStream in = Decompression.openInput(file).stream();
          SignatureFile.Reader reader = SignatureFile.read(in, file.toString())) {
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
        throw new UncheckedIOException(new IOException(file + ": cannot read: " + e.getMessage(), e));
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

    /** Whether the record at {@code recordIndex} of the current source is the wanted one or past it. */
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

    /** Moves past the current ordinal; false when the next wanted record is not in {@code source}. */
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
      return new InputException(path.toString(), 0, null,
          "changed while neardup was reading it; run again on a file that is not being written");
    }
  }
}
