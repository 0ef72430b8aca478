package org.neardup.io;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.LongConsumer;
import org.neardup.input.Document;
import org.neardup.input.DocumentId;
import org.neardup.input.InputException;
import org.neardup.input.InputProblem;
import org.neardup.input.InputProblems;

/**
 * Reads {@link InputFormat#DIR}: one document per file listed by {@link DirectoryListing} (regular,
 * not hidden, sorted by relative path). The id is the relative path with {@code '/'} separators,
 * the text the whole file (gunzipped when it starts with the gzip magic bytes) decoded as UTF-8,
 * without a leading byte order mark; line is 1 and recordIndex the file's position in the sorted
 * listing. The directory is listed when the reader is opened. {@link Document#source()} is the
 * directory as the user named it; messages about one file name that file. A file that is not valid
 * UTF-8 is {@link InputProblem#INVALID_UTF8}, reported at the line of its first bad byte; a file
 * whose relative path breaks {@link DocumentId}'s rule (a control character in a name, longer than
 * {@value DocumentId#MAX_UTF8_BYTES} bytes) is {@link InputProblem#INVALID_ID}, and is not read.
 * Not thread-safe.
 */
final class DirectoryDocumentReader implements DocumentReader {
  private static final int MAX_FILE = 1 << 30;

  private final Path dir;
  private final String source;
  private final InputProblems problems;
  private final LongConsumer bytesRead;
  private final List<String> files;
  private final CharsetDecoder decoder = Utf8.strictDecoder();
  private byte[] buf = new byte[1 << 16];
  private int next;
  private boolean closed;

  DirectoryDocumentReader(Path dir, InputProblems problems) {
    this(dir, problems, bytes -> {});
  }

  /** A reader that tells {@code bytesRead} how many bytes it reads from the files, as it does. */
  DirectoryDocumentReader(Path dir, InputProblems problems, LongConsumer bytesRead) {
    this.bytesRead = bytesRead;
    this.dir = dir;
    this.source = dir.toString();
    this.problems = problems;
    this.files = DirectoryListing.list(dir);
  }

  @Override
  public Document next() {
    if (closed) {
      throw new IllegalStateException("reader is closed");
    }
    while (next < files.size()) {
      int index = next++;
      String id = files.get(index);
      Path file = DirectoryListing.resolve(dir, id);
      Optional<InputException> badId = DocumentId.problem(id, file.toString(), 0, index);
      if (badId.isPresent()) {
        problems.report(badId.get());
        continue;
      }
      String text = read(file, index);
      if (text != null) {
        return new Document(id, text, source, 1, index);
      }
    }
    return null;
  }

  /**
   * The file's text, or null when it was reported as invalid UTF-8 or compressed in a way that is
   * not read (and skipped).
   */
  private String read(Path file, int index) {
    String name = file.toString();
    int length = 0;
    Decompression.Opened opened;
    try {
      opened = Decompression.open(CountingInputStream.open(file, bytesRead));
    } catch (Decompression.UnreadCompressionException e) {
      // one file of the directory, like one that is not UTF-8: a bad record, not the end of the run
      problems.report(
          new InputException(name, 1, index, InputProblem.MALFORMED_RECORD, e.getMessage()));
      return null;
    } catch (IOException e) {
      throw InputErrors.readFailure(name, 1, e, Decompression.FAILS_ONLY_ON_GZIP);
    }
    boolean gzip = opened.gzip();
    try (InputStream in = opened.stream()) {
      int n;
      while ((n = in.read(buf, length, buf.length - length)) >= 0) {
        length += n;
        if (length == buf.length) {
          if (buf.length > MAX_FILE / 2) {
            throw new IOException("file larger than " + MAX_FILE + " bytes");
          }
          buf = Arrays.copyOf(buf, buf.length * 2);
        }
      }
    } catch (EOFException e) {
      throw InputErrors.readFailure(name, 1 + Utf8.countNewlines(buf, 0, length), e, gzip);
    } catch (IOException e) {
      throw InputErrors.readFailure(name, 0, e, gzip);
    }
    int start = Utf8.startsWithBom(buf, 0, length) ? 3 : 0;
    try {
      CharBuffer chars = Utf8.decode(decoder, buf, start, length - start, null);
      return chars.toString();
    } catch (InvalidUtf8Exception e) {
      int at = start + (int) e.offset();
      long line = 1 + Utf8.countNewlines(buf, 0, at);
      problems.report(
          new InputException(
              name,
              line,
              index,
              InputProblem.INVALID_UTF8,
              InputProblem.INVALID_UTF8.description()
                  + " ("
                  + Utf8.describeBadByte(buf, at, length)
                  + ")"));
      return null;
    }
  }

  @Override
  public void close() {
    closed = true;
  }
}
