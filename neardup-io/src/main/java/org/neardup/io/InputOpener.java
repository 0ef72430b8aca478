package org.neardup.io;

import java.io.IOException;
import java.io.InputStream;

/**
 * Opens the raw bytes of one input afresh, from whatever holds them (a local file, HDFS, S3, a
 * slice of a file): what the stream-based {@link InputFormat#open(String, InputOpener,
 * InputOptions, org.neardup.input.InputProblems)} and {@link InputFormat#copyExcept(String,
 * InputOpener, InputOptions, java.util.function.LongPredicate, java.io.OutputStream, boolean)}
 * read. Each call returns a new stream positioned at the input's first byte, which the caller
 * closes. Gzip is detected by the readers, not here.
 */
@FunctionalInterface
public interface InputOpener {
  /** A new stream of the input's bytes. */
  InputStream open() throws IOException;
}
