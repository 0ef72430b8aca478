package org.neardup.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/**
 * What {@code --version} prints: the version, the git commit and the build time, from the {@code
 * build.properties} the build writes beside this class. A value the build could not know (no git
 * checkout, or classes compiled outside Maven) reads "unknown".
 */
public final class BuildVersion implements IVersionProvider {
  static final String UNKNOWN = "unknown";

  /** The version the build wrote, or "unknown". */
  public static String version() {
    return properties().getProperty("version", UNKNOWN);
  }

  /** The git commit the build was made from, or "unknown". */
  public static String commit() {
    return properties().getProperty("commit", UNKNOWN);
  }

  @Override
  public String[] getVersion() {
    Properties build = properties();
    return new String[] {
      "neardup " + build.getProperty("version", UNKNOWN),
      "commit "
          + build.getProperty("commit", UNKNOWN)
          + ", built "
          + build.getProperty("built", UNKNOWN),
      "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")"
    };
  }

  static Properties properties() {
    Properties build = new Properties();
    try (InputStream in = BuildVersion.class.getResourceAsStream("build.properties")) {
      if (in != null) {
        build.load(in);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read build.properties from the class path", e);
    }
    return build;
  }
}
