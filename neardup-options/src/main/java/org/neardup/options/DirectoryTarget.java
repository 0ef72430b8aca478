package org.neardup.options;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Collection;
import org.neardup.io.Compression;

/**
 * A new output directory, filled inside a temporary sibling directory and renamed to the target
 * only when complete: a failed or interrupted run (see {@link TempFiles}) leaves nothing behind.
 * The target must not exist yet, nor lie inside an input directory; its parent must exist. Not
 * thread-safe.
 */
public final class DirectoryTarget implements PendingOutput {
  private static final String CONTENT = "content";

  private final Path target;
  private final Path temporary;
  private boolean committed;

  private DirectoryTarget(Path target, Path temporary) {
    this.target = target;
    this.temporary = temporary;
  }

  /**
   * Checks {@code output} against the inputs and creates the temporary directory.
   *
   * @throws UsageException saying what is wrong with the output
   */
  public static DirectoryTarget open(Path output, Collection<Path> inputs) {
    if (Files.exists(output, LinkOption.NOFOLLOW_LINKS)) {
      throw new UsageException(output + ": already exists (a new directory is written)");
    }
    OutputPaths.checkNotAnInput(output, inputs);
    var suffix =
        Compression.claimedSuffix(
            output.getFileName() == null ? "" : output.getFileName().toString());
    if (suffix.isPresent()) {
      throw new UsageException(
          output
              + ": a directory of files is written, which is not compressed: name it without "
              + suffix.get());
    }
    Path absolute = output.toAbsolutePath().normalize();
    Path parent = absolute.getParent();
    if (parent == null || !Files.isDirectory(parent)) {
      throw new UsageException(output + ": cannot write: directory " + parent + " does not exist");
    }
    Path temporary = OutputPaths.temporarySibling(absolute);
    try {
      TempFiles.create(temporary, () -> Files.createDirectory(temporary));
    } catch (IOException e) {
      throw new UsageException(
          output + ": cannot write: " + IoErrors.reason(e) + OutputPaths.hint(e, absolute));
    }
    return new DirectoryTarget(absolute, temporary);
  }

  /**
   * The directory to fill: it does not exist yet, and its parent, the registered temporary
   * directory, must be there to create it. So a writer that creates it after a cleanup deleted the
   * temporary directory fails instead of leaving a new one behind.
   */
  public Path directory() {
    return temporary.resolve(CONTENT);
  }

  /**
   * Renames the filled directory to the target.
   *
   * @throws IOException naming the target when that fails
   */
  @Override
  public void commit() throws IOException {
    boolean renamed;
    try {
      renamed =
          TempFiles.commit(
              temporary,
              () -> {
                Files.move(temporary.resolve(CONTENT), target);
                Files.delete(temporary);
              });
    } catch (IOException e) {
      throw new IOException(target + ": cannot write: " + IoErrors.reason(e), e);
    }
    if (!renamed) {
      throw new IOException(target + ": not written: the process is being stopped");
    }
    committed = true;
  }

  /** Without a {@link #commit()}, deletes the temporary directory. */
  @Override
  public void close() {
    if (!committed) {
      TempFiles.discard(temporary);
    }
  }
}
