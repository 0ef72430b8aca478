package org.neardup.cli.batch;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.function.IntFunction;
import java.util.function.LongFunction;
import java.util.function.LongPredicate;
import org.neardup.io.Annotation;
import org.neardup.io.DirectoryFormat;
import org.neardup.io.InputFormat;
import org.neardup.io.InputOptions;
import org.neardup.io.RecordCopies;
import org.neardup.options.DirectoryTarget;
import org.neardup.options.InputMixin;
import org.neardup.options.OutputTarget;
import org.neardup.options.PendingOutput;

/**
 * Writes the outputs of {@code dedup} (the clean copy, the removed records, the rejects): the
 * inputs' records minus chosen ones, in their own format, into a file or (for a directory input) a
 * new directory, each committed only when complete. Not thread-safe.
 */
final class DedupWriter {
  private final InputMixin input;
  private final List<Path> read;
  private final PrintWriter standardOutput;
  private final boolean directory;

  /**
   * @param read every file the run reads (inputs and references), which no output may be
   */
  DedupWriter(InputMixin input, List<Path> read, PrintWriter standardOutput, boolean directory) {
    this.input = input;
    this.read = List.copyOf(read);
    this.standardOutput = standardOutput;
    this.directory = directory;
  }

  /**
   * Opens {@code path} for writing.
   *
   * @throws org.neardup.options.UsageException when it cannot be written, saying why
   */
  PendingOutput open(Path path) {
    return directory
        ? DirectoryTarget.open(path, read)
        : OutputTarget.open(path, standardOutput, read);
  }

  /**
   * Copies every input's records except those {@code drop} selects (by input index, then record
   * index) to {@code target}; returns the records written.
   */
  long copy(PendingOutput target, IntFunction<LongPredicate> drop) throws IOException {
    if (target instanceof DirectoryTarget out) {
      DirectoryFormat format = (DirectoryFormat) InputFormat.DIR;
      return format.copyExcept(input.inputs.get(0), drop.apply(0), out.directory());
    }
    OutputTarget out = (OutputTarget) target;
    long written = 0;
    for (int i = 0; i < input.inputs.size(); i++) {
      Path path = input.inputs.get(i);
      InputOptions options = input.options(path);
      written += RecordCopies.copyExcept(path, options, drop.apply(i), out.stream(), i == 0);
    }
    return written;
  }

  /** {@link #copy} with each record's annotation added ({@link InputFormat#copyAnnotated}). */
  long copyAnnotated(
      PendingOutput target,
      IntFunction<LongPredicate> drop,
      IntFunction<LongFunction<Annotation>> annotation)
      throws IOException {
    if (target instanceof DirectoryTarget out) {
      DirectoryFormat format = (DirectoryFormat) InputFormat.DIR;
      return format.copyAnnotated(
          input.inputs.get(0), drop.apply(0), annotation.apply(0), out.directory());
    }
    OutputTarget out = (OutputTarget) target;
    long written = 0;
    for (int i = 0; i < input.inputs.size(); i++) {
      Path path = input.inputs.get(i);
      InputOptions options = input.options(path);
      written +=
          RecordCopies.copyAnnotated(
              path, options, drop.apply(i), annotation.apply(i), out.stream(), i == 0);
    }
    return written;
  }
}
