package org.neardup.testkit;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;

/**
 * The real data sets in {@code ../shared/data} beside the repository. A test using one that is
 * absent is skipped with a message naming the file, except under {@code CI=true}, where it fails:
 * CI always has the data, so a missing file there is a broken checkout or a wrong path, never a
 * reason to pass.
 */
public final class SharedData {
  /** The data directory: {@code <repository root>/../shared/data}. */
  public static final Path ROOT =
      Path.of(System.getProperty("neardup.repo.root", "."))
          .toAbsolutePath()
          .resolve("../shared/data")
          .normalize();

  private SharedData() {}

  /**
   * The file at {@code relative} under {@link #ROOT}. When it is absent, the calling test is
   * skipped, or fails under {@code CI=true}.
   */
  public static Path file(String relative) {
    return file(ROOT, relative, required());
  }

  /** Whether an absent data set fails the test rather than skips it: under {@code CI=true}. */
  public static boolean required() {
    return "true".equalsIgnoreCase(System.getenv("CI"));
  }

  static Path file(Path root, String relative, boolean required) {
    Path file = root.resolve(relative);
    if (!Files.isRegularFile(file)) {
      if (required) {
        throw new AssertionError(
            "real data set absent: " + file + " (CI=true: tests on ../shared/data never skip)");
      }
      Assumptions.abort("real data set absent, skipping: " + file);
    }
    return file;
  }
}
