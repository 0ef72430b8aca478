package org.neardup.cli;

import org.neardup.options.BuildInfo;
import picocli.CommandLine.IVersionProvider;

/**
 * What {@code --version} prints: the version, the git commit and the build time, from the {@code
 * build.properties} the build writes beside this class ({@link BuildInfo}).
 */
public final class BuildVersion implements IVersionProvider {
  /** The build of the CLI. */
  public static BuildInfo build() {
    return BuildInfo.of(BuildVersion.class);
  }

  @Override
  public String[] getVersion() {
    BuildInfo build = build();
    return new String[] {
      "neardup " + build.version(),
      "commit " + build.commit() + ", built " + build.built(),
      "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")"
    };
  }
}
