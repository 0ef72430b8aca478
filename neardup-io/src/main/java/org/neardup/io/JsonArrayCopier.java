package org.neardup.io;

import com.fasterxml.jackson.core.JsonToken;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.LongFunction;
import java.util.function.LongPredicate;

/**
 * Copies {@link InputFormat#JSON} minus chosen records: a new JSON array whose elements are the
 * kept elements' bytes as read, one after another, separated by {@code ",\n"}, inside {@code "[\n"}
 * and {@code "\n]\n"}. The input is streamed: only the bytes of the current element (and what the
 * parser has read ahead) are held. Stateless.
 */
final class JsonArrayCopier {
  private static final byte[] OPEN = "[\n".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] SEPARATOR = ",\n".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] CLOSE = "\n]\n".getBytes(StandardCharsets.US_ASCII);

  private JsonArrayCopier() {}

  /**
   * Writes the elements whose index {@code drop} does not select, each with {@code annotation}'s
   * members added before its closing brace when {@code annotation} is not null.
   *
   * @return the number of elements written
   * @throws IllegalStateException for an element to annotate that is not an object
   */
  static long copy(
      String source,
      Decompression.Opened input,
      LongPredicate drop,
      LongFunction<Annotation> annotation,
      OutputStream out)
      throws IOException {
    Window window = new Window(input.stream());
    long written = 0;
    try (JsonArray array = new JsonArray(source, new Decompression.Opened(window, input.gzip()))) {
      out.write(OPEN);
      long index = 0;
      for (JsonToken token; (token = array.next()) != null; index++) {
        long start = array.elementStart();
        long line = array.elementLine();
        array.skip(token);
        long end = array.position();
        if (!drop.test(index)) {
          if (written > 0) {
            out.write(SEPARATOR);
          }
          if (annotation == null) {
            window.write(start, end, out);
          } else {
            annotate(source, line, window.bytes(start, end), annotation.apply(index), out);
          }
          written++;
        }
        window.discardBefore(end);
      }
      out.write(CLOSE);
    }
    out.flush();
    return written;
  }

  private static void annotate(
      String source, long line, byte[] element, Annotation annotation, OutputStream out)
      throws IOException {
    int close = lastNonBlank(element, element.length);
    if (close < 0 || element[close] != '}') {
      throw new IllegalStateException(
          source + ":" + line + ": not a JSON object, cannot be annotated");
    }
    int before = lastNonBlank(element, close);
    out.write(element, 0, close);
    out.write(
        ((before >= 0 && element[before] == '{' ? "" : ",") + annotation.jsonMembers())
            .getBytes(StandardCharsets.UTF_8));
    out.write(element, close, element.length - close);
  }

  private static int lastNonBlank(byte[] bytes, int end) {
    int i = end - 1;
    while (i >= 0
        && (bytes[i] == ' ' || bytes[i] == '\t' || bytes[i] == '\r' || bytes[i] == '\n')) {
      i--;
    }
    return i;
  }

  /**
   * An input stream that keeps the bytes read from its offset {@link #base} on, so that an
   * element's bytes can be written once the parser has read past them.
   */
  private static final class Window extends FilterInputStream {
    private byte[] buffer = new byte[1 << 16];
    private long base;
    private int length;

    Window(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      if (b >= 0) {
        keep(new byte[] {(byte) b}, 0, 1);
      }
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = super.read(b, off, len);
      if (n > 0) {
        keep(b, off, n);
      }
      return n;
    }

    @Override
    public long skip(long n) throws IOException {
      byte[] ignored = new byte[(int) Math.min(n, 8192)];
      int read = read(ignored, 0, ignored.length);
      return Math.max(read, 0);
    }

    private void keep(byte[] b, int off, int len) {
      if (length + len > buffer.length) {
        buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, length + len));
      }
      System.arraycopy(b, off, buffer, length, len);
      length += len;
    }

    void write(long from, long to, OutputStream out) throws IOException {
      out.write(buffer, (int) (from - base), (int) (to - from));
    }

    byte[] bytes(long from, long to) {
      return Arrays.copyOfRange(buffer, (int) (from - base), (int) (to - base));
    }

    /** Forgets the bytes before offset {@code position}. */
    void discardBefore(long position) {
      int drop = (int) (position - base);
      System.arraycopy(buffer, drop, buffer, 0, length - drop);
      length -= drop;
      base = position;
    }
  }
}
