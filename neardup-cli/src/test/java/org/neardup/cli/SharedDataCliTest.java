package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The acceptance commands on ../shared/data (skipped with a message when it is absent). */
class SharedDataCliTest {
  private static final Path DATA =
      Path.of(System.getProperty("neardup.repo.root", ".")).toAbsolutePath().resolve("../shared/data").normalize();

  @TempDir Path dir;

  private static Path data(String relative) {
    Path file = DATA.resolve(relative);
    Assumptions.assumeTrue(Files.isRegularFile(file), () -> "real data set absent, skipping: " + file);
    return file;
  }

  @ParameterizedTest
  @ValueSource(ints = {100, 1000, 2500})
  void articlesPairsAreExactlyTheTruthAndEvalSaysSo(int size) throws IOException {
    Path train = data("articles/articles_" + size + ".train");
    Path truth = data("articles/articles_" + size + ".truth");
    Path found = dir.resolve("found.tsv");
    CliRunner pairs = CliRunner.run("pairs", "-q", "--format", "lines", "--shingle", "char:9", "-o", found.toString(), train.toString());
    assertThat(pairs.exitCode).as(pairs.toString()).isZero();
    Set<String> foundPairs = new HashSet<>();
    for (String line : Files.readAllLines(found)) {
      String[] f = line.split("\t");
      assertThat(f[0].compareTo(f[1])).isNegative();
      assertThat(f[2]).matches("\\d\\.\\d{6}");
      foundPairs.add(f[0] + " " + f[1]);
    }
    Set<String> truthPairs = new HashSet<>();
    for (String line : Files.readAllLines(truth)) {
      String[] f = line.strip().split("\\s+");
      truthPairs.add(f[0].compareTo(f[1]) < 0 ? f[0] + " " + f[1] : f[1] + " " + f[0]);
    }
    assertThat(foundPairs).isEqualTo(truthPairs);
    CliRunner eval = CliRunner.run("eval", "--truth", truth.toString(), "--found", found.toString());
    assertThat(eval.out).contains("precision        1.000000").contains("recall           1.000000");
  }
}
