package org.neardup.io;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import java.util.zip.ZipException;

/**
 * Gunzips a gzip file of one or more members (RFC 1952: concatenated gzip files make one gzip file,
 * read whole as {@code gzip -d} reads it), checking every member's CRC-32 and length. The file must
 * end where a member ends: bytes after a member that do not start another one are a {@link
 * ZipException}, and so is a bad header or a bad check value; a file that ends inside a member is
 * an {@link EOFException}. Unlike the JDK's {@code GZIPInputStream} it never stops at a member's
 * end because the source has no bytes {@link InputStream#available() available}. Not thread-safe.
 */
final class GzipMembers extends InputStream {
  private static final int FHCRC = 2;
  private static final int FEXTRA = 4;
  private static final int FNAME = 8;
  private static final int FCOMMENT = 16;
  private static final int RESERVED = 0xe0;

  private final InputStream in;
  private final byte[] buf;
  private final Inflater inflater = new Inflater(true);
  private final CRC32 crc = new CRC32();
  private int pos;
  private int limit;

  /** Compressed bytes before {@code buf[0]}: offsets in messages. */
  private long bufferStart;

  private long memberLength;
  private boolean inMember;
  private boolean end;
  private boolean closed;

  /**
   * Reads the first member's header.
   *
   * @throws ZipException if {@code in} does not start with a gzip header
   * @throws EOFException if it ends inside the header
   */
  GzipMembers(InputStream in, int bufferSize) throws IOException {
    this.in = in;
    this.buf = new byte[bufferSize];
    try {
      readHeader(readByte(), readByte());
    } catch (IOException | RuntimeException e) {
      inflater.end();
      throw e;
    }
  }

  @Override
  public int read() throws IOException {
    byte[] one = new byte[1];
    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    if (closed) {
      throw new IOException("stream closed");
    }
    if (len == 0) {
      return 0;
    }
    while (!end) {
      if (!inMember) {
        nextMember();
        continue;
      }
      int n;
      try {
        n = inflater.inflate(b, off, len);
      } catch (DataFormatException e) {
        throw new ZipException(e.getMessage() == null ? "invalid deflate data" : e.getMessage());
      }
      if (n > 0) {
        crc.update(b, off, n);
        memberLength += n;
        return n;
      }
      if (inflater.finished()) {
        pos = limit - inflater.getRemaining();
        readTrailer();
      } else if (inflater.needsDictionary()) {
        throw new ZipException("deflate data needs a preset dictionary");
      } else if (inflater.needsInput()) {
        pos = limit;
        if (!fill()) {
          throw new EOFException("the gzip data ends inside a member");
        }
        inflater.setInput(buf, pos, limit - pos);
      }
    }
    return -1;
  }

  /** After a member: the end of the file, or the next member's header. */
  private void nextMember() throws IOException {
    if (pos == limit && !fill()) {
      end = true;
      return;
    }
    long at = bufferStart + pos;
    int first = buf[pos++] & 0xff;
    int second = pos < limit || fill() ? buf[pos++] & 0xff : -1;
    if (first != 0x1f || second != 0x8b) {
      throw new ZipException(
          String.format(
              Locale.ROOT,
              "bytes that are not gzip data after the end of the gzip data, at byte offset %d of"
                  + " the file",
              at));
    }
    readHeader(first, second);
  }

  private void readHeader(int first, int second) throws IOException {
    if (first != 0x1f || second != 0x8b) {
      throw new ZipException("not in gzip format");
    }
    if (readByte() != 8) {
      throw new ZipException("unsupported gzip compression method");
    }
    int flags = readByte();
    if ((flags & RESERVED) != 0) {
      throw new ZipException("reserved gzip header flags set");
    }
    skip(6); // modification time, extra flags, operating system
    if ((flags & FEXTRA) != 0) {
      skip(readByte() | readByte() << 8);
    }
    if ((flags & FNAME) != 0) {
      skipZeroTerminated();
    }
    if ((flags & FCOMMENT) != 0) {
      skipZeroTerminated();
    }
    if ((flags & FHCRC) != 0) {
      skip(2);
    }
    inflater.reset();
    crc.reset();
    memberLength = 0;
    inflater.setInput(buf, pos, limit - pos);
    inMember = true;
  }

  private void readTrailer() throws IOException {
    long expectedCrc = readInt();
    long expectedLength = readInt();
    if (expectedCrc != crc.getValue()) {
      throw new ZipException("corrupt gzip member (CRC-32 mismatch)");
    }
    if (expectedLength != (memberLength & 0xffffffffL)) {
      throw new ZipException("corrupt gzip member (length mismatch)");
    }
    inMember = false;
  }

  private long readInt() throws IOException {
    long value = 0;
    for (int i = 0; i < 4; i++) {
      value |= (long) readByte() << (8 * i);
    }
    return value;
  }

  private void skipZeroTerminated() throws IOException {
    while (readByte() != 0) {
      // skip the name or comment
    }
  }

  private void skip(int n) throws IOException {
    for (int i = 0; i < n; i++) {
      readByte();
    }
  }

  /** The next compressed byte (header or trailer). */
  private int readByte() throws IOException {
    if (pos == limit && !fill()) {
      throw new EOFException("the gzip data ends inside a member's header or trailer");
    }
    return buf[pos++] & 0xff;
  }

  /** Reads more compressed bytes into the empty buffer; false at the end of the input. */
  private boolean fill() throws IOException {
    bufferStart += limit;
    pos = 0;
    limit = 0;
    int n;
    do {
      n = in.read(buf, 0, buf.length);
    } while (n == 0);
    if (n < 0) {
      return false;
    }
    limit = n;
    return true;
  }

  @Override
  public void close() throws IOException {
    if (!closed) {
      closed = true;
      inflater.end();
      in.close();
    }
  }
}
