package org.neardup.spark;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * The version of neardup and the git commit this job was built from, from the {@code
 * build.properties} the build writes beside this class (as the CLI's {@code --version} reads its
 * own); "unknown" for what the build could not know (no git checkout, or classes compiled outside
 * Maven). Stateless.
 */
public final class SparkBuild {
  private static final String UNKNOWN = "unknown";

  private SparkBuild() {}

  /** The version the build wrote, or "unknown". */
  public static String version() {
    return properties().getProperty("version", UNKNOWN);
  }

  /** The git commit the build was made from, or "unknown". */
  public static String commit() {
    return properties().getProperty("commit", UNKNOWN);
  }

  private static Properties properties() {
    Properties build = new Properties();
    try (InputStream in = SparkBuild.class.getResourceAsStream("build.properties")) {
      if (in != null) {
        build.load(in);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read build.properties from the class path", e);
    }
    return build;
  }
}
