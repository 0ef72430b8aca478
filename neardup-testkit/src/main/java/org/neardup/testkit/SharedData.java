package org.neardup.testkit;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;

/**
 * The real data sets in {@code ../shared/data} beside the repository; a test using one is skipped,
 * with a message naming the file, when it is absent.
 */
public final class SharedData {
  /** The data directory: {@code <repository root>/../shared/data}. */
  public static final Path ROOT =
      Path.of(System.getProperty("neardup.repo.root", "."))
          .toAbsolutePath()
          .resolve("../shared/data")
          .normalize();

  private SharedData() {}

  /** The file at {@code relative} under {@link #ROOT}; skips the calling test when it is absent. */
  public static Path file(String relative) {
    Path file = ROOT.resolve(relative);
    Assumptions.assumeTrue(
        Files.isRegularFile(file), () -> "real data set absent, skipping: " + file);
    return file;
  }
}
