package org.neardup.spark.input;

import java.io.Closeable;
import java.io.IOException;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.hadoop.io.compress.GzipCodec;
import org.neardup.input.Document;
import org.neardup.input.InputException;
import org.neardup.input.InputProblems;
import org.neardup.input.OnError;
import org.neardup.io.DocumentReader;
import org.neardup.io.InputFormat;
import org.neardup.io.InputOpener;

/**
 * Reads one {@link InputSplit} with neardup-io's reader of its format, so that records, ids, texts
 * and bad-record rules are exactly the CLI's: the reader is handed the split's whole lines (or the
 * whole file) as a stream. Bad records become {@link InputIssue}s instead of stopping the task, and
 * the driver applies {@code --on-error}; an issue without a problem ends the split. Lazy: one
 * record in memory at a time. Not thread-safe.
 */
public final class SplitReader implements Iterator<ReadItem>, Closeable {
  private final InputSplit split;
  private final DocumentReader reader;
  private ReadItem next;
  private boolean finished;

  private SplitReader(InputSplit split, DocumentReader reader, InputIssue openingIssue) {
    this.split = split;
    this.reader = reader;
    if (openingIssue != null) {
      next = ReadItem.of(openingIssue);
      finished = true;
    }
  }

  /** Opens {@code split}; an input that cannot be opened yields one issue. */
  public static SplitReader open(InputSplit split, Configuration hadoop) {
    InputFormat format = InputFormat.parse(split.spec().format());
    try {
      DocumentReader reader =
          format.open(
              split.source(),
              opener(split, hadoop),
              split.spec().inputOptions(),
              new InputProblems(OnError.FAIL));
      return new SplitReader(split, reader, null);
    } catch (InputException e) {
      return new SplitReader(split, null, issue(split, e));
    }
  }

  /**
   * Opens the bytes of {@code split}: the slice's lines, or the whole file (decompressed by Hadoop
   * codecs but gzip).
   */
  public static InputOpener opener(InputSplit split, Configuration hadoop) {
    return () -> {
      Path path = new Path(split.file());
      FileSystem fs = path.getFileSystem(hadoop);
      FSDataInputStream in = fs.open(path);
      if (!split.whole()) {
        return SplitInputStream.open(in, split.start(), split.length());
      }
      CompressionCodec codec = new CompressionCodecFactory(hadoop).getCodec(path);
      if (codec == null || codec instanceof GzipCodec) {
        return in; // neardup-io gunzips by the magic bytes, as the CLI does
      }
      try {
        return codec.createInputStream(in);
      } catch (IOException | RuntimeException e) {
        in.close();
        throw e;
      }
    };
  }

  private static InputIssue issue(InputSplit split, InputException e) {
    String message = e.getMessage();
    String prefix = e.line() > 0 ? e.source() + ":" + e.line() + ": " : e.source() + ": ";
    String detail = message.startsWith(prefix) ? message.substring(prefix.length()) : message;
    return new InputIssue(
        split.index(),
        e.line(),
        e.recordIndex(),
        e.problem() == null ? null : e.problem().name(),
        detail);
  }

  @Override
  public boolean hasNext() {
    if (next == null && !finished) {
      next = advance();
    }
    return next != null;
  }

  @Override
  public ReadItem next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    ReadItem item = next;
    next = null;
    return item;
  }

  private ReadItem advance() {
    try {
      Document document = reader.next();
      if (document == null) {
        finished = true;
        close();
        return null;
      }
      return ReadItem.of(
          new SourceRecord(
              split.ordinal(document.recordIndex()),
              document.id(),
              document.text(),
              document.line(),
              split.spec().input(),
              document.keepValue()));
    } catch (InputException e) {
      if (e.problem() == null) {
        finished = true;
        close();
      }
      return ReadItem.of(issue(split, e));
    }
  }

  @Override
  public void close() {
    if (reader != null) {
      reader.close();
    }
  }
}
