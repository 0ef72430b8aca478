package org.neardup.spark.command;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.neardup.options.OutputPaths;
import org.neardup.options.UsageException;
import org.neardup.spark.input.InputSpec;
import org.neardup.spark.output.PartFiles;

/**
 * The checks an output directory ({@code --output}, {@code --signatures-out}) passes before the job
 * does any work, so that a mistake costs a line, not a whole job: it must not exist; it must not
 * lie inside an input directory (the next run would read its part files as input; the CLI's rule
 * and message, {@link OutputPaths#checkNotAnInput}); and it must be writable, which is tried: the
 * directory is made, a file created in it, and what was made is removed again. Stateless.
 */
final class OutputCheck {
  private static final String PROBE = ".neardup-write-probe";

  private OutputCheck() {}

  /**
   * Checks {@code output} against {@code inputs}, on the file systems {@code hadoop} reaches.
   *
   * @throws PartFiles.OutputExistsException if it exists
   * @throws UsageException naming the output and what is wrong with it
   */
  static void check(String output, List<InputSpec> inputs, Configuration hadoop)
      throws IOException {
    Path path = new Path(output);
    FileSystem fs = path.getFileSystem(hadoop);
    Path qualified = fs.makeQualified(path);
    if (fs.exists(qualified)) {
      throw new PartFiles.OutputExistsException(output);
    }
    for (InputSpec input : inputs) {
      checkNotInside(output, qualified, fs, input, hadoop);
    }
    checkWritable(output, qualified, fs);
  }

  /**
   * Refuses {@code directory} (one the job writes into but need not make, as the checkpoint
   * directory) when it lies inside an input directory, as {@link #check} does.
   *
   * @throws UsageException naming the directory and the input
   */
  static void checkNotInInput(String directory, List<InputSpec> inputs, Configuration hadoop)
      throws IOException {
    Path path = new Path(directory);
    FileSystem fs = path.getFileSystem(hadoop);
    Path qualified = fs.makeQualified(path);
    for (InputSpec input : inputs) {
      checkNotInside(directory, qualified, fs, input, hadoop);
    }
  }

  /**
   * Refuses two outputs that are the same directory or one inside the other (the job writes both).
   *
   * @throws UsageException naming both
   */
  static void checkApart(String first, String second, Configuration hadoop) throws IOException {
    Path a = new Path(first);
    Path b = new Path(second);
    java.net.URI x = a.getFileSystem(hadoop).makeQualified(a).toUri();
    java.net.URI y = b.getFileSystem(hadoop).makeQualified(b).toUri();
    boolean sameFileSystem =
        String.valueOf(x.getScheme()).equals(String.valueOf(y.getScheme()))
            && String.valueOf(x.getAuthority()).equals(String.valueOf(y.getAuthority()));
    if (sameFileSystem
        && (isUnder(x.getPath(), y.getPath()) || isUnder(y.getPath(), x.getPath()))) {
      throw new UsageException(
          first + " and " + second + ": the two outputs must be apart, neither inside the other");
    }
  }

  /** Refuses {@code output} inside a directory that {@code input} names or its glob matches. */
  private static void checkNotInside(
      String output, Path qualified, FileSystem fs, InputSpec input, Configuration hadoop)
      throws IOException {
    Path inputPath = new Path(input.path());
    FileSystem inputFs = inputPath.getFileSystem(hadoop);
    FileStatus[] matches = inputFs.globStatus(inputPath);
    if (matches == null) {
      return; // a missing input is reported when the inputs are listed
    }
    for (FileStatus match : matches) {
      if (!match.isDirectory()) {
        continue;
      }
      Path directory = inputFs.makeQualified(match.getPath());
      if (isLocal(fs) && isLocal(inputFs)) { // symbolic links and other spellings too, as the CLI
        OutputPaths.checkNotAnInput(
            java.nio.file.Path.of(qualified.toUri()),
            List.of(java.nio.file.Path.of(directory.toUri())));
      } else if (directory.toUri().getScheme().equals(qualified.toUri().getScheme())
          && String.valueOf(directory.toUri().getAuthority())
              .equals(String.valueOf(qualified.toUri().getAuthority()))
          && isUnder(qualified.toUri().getPath(), directory.toUri().getPath())) {
        throw new UsageException(
            output
                + ": is inside the input directory "
                + input.path()
                + ": writing there would change the input");
      }
    }
  }

  private static boolean isLocal(FileSystem fs) {
    return fs instanceof LocalFileSystem || fs instanceof RawLocalFileSystem;
  }

  private static boolean isUnder(String path, String directory) {
    String prefix = directory.endsWith("/") ? directory : directory + "/";
    return path.equals(directory) || path.startsWith(prefix);
  }

  /** Makes the directory (and its missing parents), a file in it, then removes what it made. */
  private static void checkWritable(String output, Path qualified, FileSystem fs)
      throws IOException {
    Path made = qualified; // the highest directory this check makes: removed at the end
    while (made.getParent() != null && !fs.exists(made.getParent())) {
      made = made.getParent();
    }
    Path parent = made.getParent();
    String existing =
        parent == null ? "/" : isLocal(fs) ? parent.toUri().getPath() : parent.toString();
    if (parent != null && !fs.getFileStatus(parent).isDirectory()) {
      throw new UsageException(output + ": cannot write: " + existing + " is not a directory");
    }
    try {
      boolean created;
      try {
        created = fs.mkdirs(qualified);
      } catch (IOException e) {
        throw new UsageException(
            output
                + ": cannot write: cannot create a directory in "
                + existing
                + ": "
                + e.getMessage());
      }
      if (!created) {
        throw new UsageException(
            output
                + ": cannot write: cannot create a directory in "
                + existing
                + " (permission denied, or a read-only file system)");
      }
      try {
        fs.create(new Path(qualified, PROBE), false).close();
      } catch (IOException e) {
        throw new UsageException(
            output + ": cannot write: cannot create a file in it: " + e.getMessage());
      }
    } finally {
      try {
        fs.delete(made, true);
      } catch (IOException e) {
        // nothing was made, or it cannot be removed: the job's own write reports what is wrong
      }
    }
  }
}
