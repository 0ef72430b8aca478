package org.neardup.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.neardup.io.InputFormat;
import org.neardup.io.InputOptions;
import org.neardup.testkit.SharedData;

/**
 * The Kijiji listings of ../shared/data as the CLI module's tests read them: a tab-separated file
 * with a header, each listing's text its title and short description.
 */
public final class Kijiji {
  /** {@code --format csv --delimiter tab --text-field Title --text-field "Short Description"}. */
  public static final List<String> OPTIONS =
      List.of(
          "--format",
          "csv",
          "--delimiter",
          "tab",
          "--text-field",
          "Title",
          "--text-field",
          "Short Description");

  /** What {@link #OPTIONS} say, as the library takes them. */
  public static final InputOptions INPUT =
      new InputOptions(InputFormat.CSV, '\t', null, List.of("Title", "Short Description"));

  private Kijiji() {}

  /** The file (SharedData: the test is skipped when ../shared/data is absent, fails under CI). */
  public static Path file() {
    return SharedData.file("kijiji/dataset_rent_rome_kijiji.tsv");
  }

  /** {@link #OPTIONS} followed by {@code more}. */
  public static String[] options(String... more) {
    List<String> all = new ArrayList<>(OPTIONS);
    all.addAll(List.of(more));
    return all.toArray(String[]::new);
  }
}
