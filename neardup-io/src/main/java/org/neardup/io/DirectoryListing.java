package org.neardup.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import org.neardup.input.InputException;

/**
 * The records of a {@link InputFormat#DIR} input: the regular files under a directory, walked
 * recursively, as relative paths with {@code '/'} separators (on every OS), sorted as strings
 * (UTF-16 order: {@code "B"} before {@code "a"}, {@code "a/b"} before {@code "a0"}). Hidden entries
 * (name starting with {@code '.'}) are left out, and so is everything under a hidden directory.
 * Symbolic links to regular files are included; links to directories are not followed. Stateless.
 */
final class DirectoryListing {
  private DirectoryListing() {}

  /**
   * The sorted relative paths of the files under {@code dir}.
   *
   * @throws InputException when the directory cannot be walked
   */
  static List<String> list(Path dir) {
    List<String> files = new ArrayList<>();
    try (Stream<Path> walk = Files.walk(dir)) {
      walk.filter(p -> !p.equals(dir))
          .forEach(
              p -> {
                Path relative = dir.relativize(p);
                if (!isHidden(relative) && Files.isRegularFile(p)) {
                  files.add(slashes(relative));
                }
              });
    } catch (IOException e) {
      throw failure(dir, e);
    } catch (UncheckedIOException e) {
      throw failure(dir, e.getCause());
    }
    Collections.sort(files);
    return files;
  }

  /** Names the entry that could not be walked (a subdirectory, say) rather than {@code dir}. */
  private static InputException failure(Path dir, IOException e) {
    String where =
        e instanceof FileSystemException fs && fs.getFile() != null ? fs.getFile() : dir.toString();
    return InputErrors.readFailure(where, 0, e, false);
  }

  /** The file {@code relative} (a listed path) under {@code dir}. */
  static Path resolve(Path dir, String relative) {
    Path p = dir;
    for (String part : relative.split("/", -1)) {
      p = p.resolve(part);
    }
    return p;
  }

  private static boolean isHidden(Path relative) {
    for (Path part : relative) {
      if (part.toString().startsWith(".")) {
        return true;
      }
    }
    return false;
  }

  private static String slashes(Path relative) {
    StringBuilder b = new StringBuilder();
    for (Path part : relative) {
      if (b.length() > 0) {
        b.append('/');
      }
      b.append(part);
    }
    return b.toString();
  }
}
