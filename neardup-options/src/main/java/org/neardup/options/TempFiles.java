package org.neardup.options;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The temporary files and directories of outputs not yet complete, deleted by a JVM shutdown hook
 * when the process ends before they are committed or cleaned up: on SIGINT (Ctrl-C), SIGTERM, or
 * {@code System.exit} from anywhere. (Nothing survives SIGKILL.) Each path is created and
 * registered in one step, and unregistered when it has been renamed to its target or deleted. The
 * hook is installed on first use and stays; with nothing registered it does nothing.
 *
 * <p>Once the hook has started, no rename happens any more ({@link #commit} returns false) and new
 * registrations fail, so a target is either complete or untouched. Thread-safe.
 */
public final class TempFiles {
  /** Attempts at deleting a directory that a still-running writer keeps filling. */
  private static final int DELETE_ATTEMPTS = 20;

  private static final Set<Path> PENDING = new LinkedHashSet<>();
  private static boolean hookInstalled;
  private static boolean shuttingDown;

  private TempFiles() {}

  /** An action on the file system, such as a rename. */
  public interface FileAction {
    void run() throws IOException;
  }

  /** Creates a file or directory and returns what is needed to use it, such as an open stream. */
  public interface Creation<T> {
    T create() throws IOException;
  }

  /**
   * Creates the temporary file or directory {@code path} with {@code creation} and registers it, in
   * one step that the shutdown hook cannot come between: a signal either finds it registered, or
   * stops its creation.
   *
   * @throws IOException when creating fails, or the JVM is already shutting down
   */
  public static synchronized <T> T create(Path path, Creation<T> creation) throws IOException {
    if (shuttingDown) {
      throw new IOException("the process is being stopped");
    }
    if (!hookInstalled) {
      Runtime.getRuntime()
          .addShutdownHook(new Thread(TempFiles::deleteAll, "neardup-temp-cleanup"));
      hookInstalled = true;
    }
    PENDING.add(path);
    try {
      return creation.create();
    } catch (IOException | RuntimeException e) {
      PENDING.remove(path);
      throw e;
    }
  }

  /**
   * Runs {@code rename} (which moves {@code path} to its target) and unregisters {@code path},
   * unless the JVM is shutting down.
   *
   * @return false when shutting down: nothing was renamed
   */
  public static synchronized boolean commit(Path path, FileAction rename) throws IOException {
    if (shuttingDown) {
      return false;
    }
    rename.run();
    PENDING.remove(path);
    return true;
  }

  /** Deletes {@code path} (recursively, for a directory) if it exists, and unregisters it. */
  public static synchronized void discard(Path path) {
    try {
      deleteRecursively(path);
    } catch (IOException e) {
      // Still registered: the shutdown hook tries again.
      return;
    }
    PENDING.remove(path);
  }

  private static synchronized void deleteAll() {
    shuttingDown = true;
    for (Path path : List.copyOf(PENDING)) {
      for (int attempt = 0; attempt < DELETE_ATTEMPTS && Files.exists(path); attempt++) {
        try {
          deleteRecursively(path);
        } catch (IOException e) {
          // A writer may still be adding files; try again.
        }
      }
    }
    PENDING.clear();
  }

  /** Deletes a file, or a directory and everything under it; nothing when it does not exist. */
  static void deleteRecursively(Path path) throws IOException {
    if (!Files.isDirectory(path, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      Files.deleteIfExists(path);
      return;
    }
    List<Path> all;
    try (Stream<Path> walk = Files.walk(path)) {
      all = walk.sorted(Comparator.reverseOrder()).toList();
    } catch (NoSuchFileException e) {
      return;
    } catch (java.io.UncheckedIOException e) {
      throw e.getCause();
    }
    for (Path p : all) {
      Files.deleteIfExists(p);
    }
  }
}
