package org.neardup.options;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * What a module's build wrote into the {@code build.properties} beside one of its classes: the
 * version of neardup, the git commit and the build time. A value the build could not know (no git
 * checkout, or classes compiled outside Maven) reads {@link #UNKNOWN}.
 *
 * @param version the version of neardup
 * @param commit the git commit the module was built from
 * @param built when it was built
 */
public record BuildInfo(String version, String commit, String built) {
  /** A value the build could not know. */
  public static final String UNKNOWN = "unknown";

  /**
   * The build of the module that holds {@code anchor}, from the {@code build.properties} in its
   * package.
   *
   * @throws UncheckedIOException when the file is there but cannot be read
   */
  public static BuildInfo of(Class<?> anchor) {
    Properties build = new Properties();
    try (InputStream in = anchor.getResourceAsStream("build.properties")) {
      if (in != null) {
        build.load(in);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read build.properties from the class path", e);
    }
    return new BuildInfo(
        build.getProperty("version", UNKNOWN),
        build.getProperty("commit", UNKNOWN),
        build.getProperty("built", UNKNOWN));
  }
}
