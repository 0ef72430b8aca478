package org.neardup.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.LongFunction;
import java.util.function.LongPredicate;
import org.neardup.input.InputException;

/**
 * Copies an input's records through in its format ({@link InputFormat#copyExcept} and {@link
 * InputFormat#copyAnnotated}) from where {@link DocumentReaders} reads it: the file itself, or the
 * {@link InputSpool} copy of an input that can be read only once, named as the input. Stateless and
 * thread-safe.
 */
public final class RecordCopies {
  private RecordCopies() {}

  /**
   * {@link InputFormat#copyExcept(Path, InputOptions, LongPredicate, OutputStream, boolean)} of
   * {@code input}.
   */
  public static long copyExcept(
      Path input, InputOptions options, LongPredicate drop, OutputStream out, boolean first)
      throws IOException {
    InputFormat format = options.format();
    Path copy = InputSpool.copyOf(input);
    if (copy == null) {
      return format.copyExcept(input, options, drop, out, first);
    }
    if (format.readsStreams()) {
      return format.copyExcept(
          input.toString(), () -> Files.newInputStream(copy), options, drop, out, first);
    }
    try {
      return format.copyExcept(copy, options, drop, out, first);
    } catch (InputException e) {
      throw RenamedReader.renamed(e, copy.toString(), input.toString());
    }
  }

  /**
   * {@link InputFormat#copyAnnotated(Path, InputOptions, LongPredicate, LongFunction, OutputStream,
   * boolean)} of {@code input}.
   */
  public static long copyAnnotated(
      Path input,
      InputOptions options,
      LongPredicate drop,
      LongFunction<Annotation> annotation,
      OutputStream out,
      boolean first)
      throws IOException {
    InputFormat format = options.format();
    Path copy = InputSpool.copyOf(input);
    if (copy == null) {
      return format.copyAnnotated(input, options, drop, annotation, out, first);
    }
    if (format.readsStreams()) {
      return format.copyAnnotated(
          input.toString(),
          () -> Files.newInputStream(copy),
          options,
          drop,
          annotation,
          out,
          first);
    }
    try {
      return format.copyAnnotated(copy, options, drop, annotation, out, first);
    } catch (InputException e) {
      throw RenamedReader.renamed(e, copy.toString(), input.toString());
    }
  }
}
