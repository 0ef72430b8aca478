package org.neardup.spark.input;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.apache.hadoop.fs.FSDataInputStream;

/**
 * The whole lines of a byte range of a file: those whose first byte lies in {@code [start, end)}. A
 * line starting before {@code start} belongs to the previous range and is skipped; the line running
 * across {@code end} is read to its {@code '\n'}. So consecutive ranges split a file's lines
 * exactly, each line in one range. Not thread-safe.
 */
public final class SplitInputStream extends FilterInputStream {
  private final long end;
  private long position;
  private boolean done;

  private SplitInputStream(InputStream in, long position, long end) {
    super(in);
    this.position = position;
    this.end = end;
    this.done = position >= end; // position is a line start: no line of this range starts there
  }

  /**
   * The lines starting in {@code [start, start + length)} of the file open on {@code in}, which
   * this stream closes.
   */
  public static InputStream open(FSDataInputStream in, long start, long length) throws IOException {
    long end = start + length;
    if (start == 0) {
      return new SplitInputStream(in, 0, end);
    }
    in.seek(start - 1);
    long position = start - 1;
    while (true) { // skip to the first line starting at or after start
      int b = in.read();
      if (b < 0) {
        return new SplitInputStream(in, position, position); // nothing starts here
      }
      position++;
      if (b == '\n') {
        break;
      }
    }
    return new SplitInputStream(in, position, end);
  }

  @Override
  public int read() throws IOException {
    byte[] one = new byte[1];
    int n = read(one, 0, 1);
    return n < 0 ? -1 : one[0] & 0xff;
  }

  @Override
  public int read(byte[] buffer, int offset, int length) throws IOException {
    if (done) {
      return -1;
    }
    if (length == 0) {
      return 0;
    }
    int n = in.read(buffer, offset, length);
    if (n < 0) {
      done = true;
      return -1;
    }
    // The first '\n' at or after position end - 1 ends the last line of this range.
    long from = Math.max(position, end - 1);
    for (long p = from; p < position + n; p++) {
      if (buffer[offset + (int) (p - position)] == '\n') {
        int kept = (int) (p - position) + 1;
        position += kept;
        done = true;
        return kept;
      }
    }
    position += n;
    return n;
  }

  @Override
  public long skip(long n) throws IOException {
    byte[] scratch = new byte[(int) Math.min(n, 8192)];
    long skipped = 0;
    while (skipped < n) {
      int r = read(scratch, 0, (int) Math.min(scratch.length, n - skipped));
      if (r < 0) {
        break;
      }
      skipped += r;
    }
    return skipped;
  }

  @Override
  public int available() {
    return 0;
  }

  @Override
  public boolean markSupported() {
    return false;
  }
}
