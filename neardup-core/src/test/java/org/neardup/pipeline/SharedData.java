package org.neardup.pipeline;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;

/** The real data sets in ../shared/data; a test using one is skipped, with a message, when it is absent. */
final class SharedData {
  static final Path ROOT =
      Path.of(System.getProperty("neardup.repo.root", ".")).toAbsolutePath().resolve("../shared/data").normalize();

  private SharedData() {}

  static Path file(String relative) {
    Path file = ROOT.resolve(relative);
    Assumptions.assumeTrue(Files.isRegularFile(file), () -> "real data set absent, skipping: " + file);
    return file;
  }
}
