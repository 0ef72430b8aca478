package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.cli.shell.ManualPages;

/**
 * --version, the completion script, the manual pages and the spark and stream entries of the usage.
 */
class ShellTest {
  @TempDir Path dir;

  @Test
  void versionNamesTheVersionTheCommitAndTheBuildTime() {
    CliRunner run = CliRunner.run("--version");
    assertThat(run.exitCode).as(run.toString()).isZero();
    String[] lines = run.out.split("\n");
    assertThat(lines[0]).matches("neardup \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?");
    // Maven writes build.properties before the tests: a git checkout gives the commit, a source
    // tree without .git "unknown".
    String root = System.getProperty("neardup.repo.root", "");
    String commit =
        !root.isEmpty() && Files.exists(Path.of(root, ".git")) ? "[0-9a-f]{12}" : "unknown";
    assertThat(lines[1])
        .matches("commit " + commit + ", built \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ");
    assertThat(lines[2]).startsWith("Java " + System.getProperty("java.version"));
  }

  @Test
  void usageAndHelpListSparkAndItsRunSaysHowToStartIt() {
    assertThat(CliRunner.run("--help").out).contains("spark", "completion");
    CliRunner help = CliRunner.run("help", "spark");
    assertThat(help.exitCode).as(help.toString()).isZero();
    assertThat(help.out).contains("Usage: neardup spark pairs|clusters|dedup");

    CliRunner run = CliRunner.run("spark", "pairs", "in.tsv", "--output", "out");
    assertThat(run.exitCode).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(run.err).contains("spark-submit", "./neardup spark");
  }

  @Test
  void usageAndHelpListStreamAndItsRunSaysHowToStartIt() {
    assertThat(CliRunner.run("--help").out).contains("stream");
    CliRunner help = CliRunner.run("help", "stream");
    assertThat(help.exitCode).as(help.toString()).isZero();
    assertThat(help.out).contains("Usage: neardup stream --bootstrap-servers HOST:PORT");

    CliRunner run = CliRunner.run("stream", "--input", "in", "--output", "out");
    assertThat(run.exitCode).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(run.err).contains("./neardup stream", "bin/neardup stream");
  }

  @Test
  void theCompletionScriptCompletesCommandsAndOptionsInBash() throws Exception {
    CliRunner run = CliRunner.run("completion");
    assertThat(run.exitCode).as(run.toString()).isZero();
    Path script = dir.resolve("neardup_completion");
    Files.writeString(script, run.out);

    assertThat(complete(script, "neardup", "pa")).contains("pairs");
    assertThat(complete(script, "neardup", "pairs", "--thr")).contains("--threshold");
    assertThat(complete(script, "neardup", "index", "st")).contains("stats");
  }

  @Test
  void theCompletionScriptCompletesOptionValuesAndFiles() throws Exception {
    Path script = dir.resolve("neardup_completion");
    Files.writeString(script, CliRunner.run("completion").out);
    Path files = Files.createDirectory(dir.resolve("files"));
    Files.writeString(files.resolve("corpus.tsv"), "");

    assertThat(complete(script, "neardup", "pairs", "--format", ""))
        .contains("auto", "tsv", "lines", "csv", "jsonl", "json", "parquet", "dir");
    assertThat(complete(script, "neardup", "dedup", "--keep", "l"))
        .contains("longest")
        .doesNotContain("shortest", "first");
    assertThat(complete(script, "neardup", "pairs", "--shingle", "w"))
        .contains("word:5", "whitespace-word:5")
        .doesNotContain("char:5");
    assertThat(complete(script, "neardup", "clusters", "--on-error", "")).contains("fail", "skip");
    assertThat(complete(script, "neardup", "similar", "--measure", "c")).contains("containment");
    assertThat(complete(script, "neardup", "tune", "--scheme", "")).contains("classic");
    assertThat(complete(script, "neardup", "report", "--html", "m")).contains("main");
    assertThat(complete(script, "neardup", "pairs", "-o", files + "/co")).contains("corpus.tsv");
    assertThat(complete(script, "neardup", "index", "build", "--data", files + "/co"))
        .contains("corpus.tsv");
  }

  @Test
  void optionsWithValuesToCompleteHaveLabelsOfTheirOwnInEachCommand() {
    // the script keeps each option's values in a variable named after its label: two options of
    // one command with the same label would offer each other's values
    java.util.Deque<picocli.CommandLine> commands = new java.util.ArrayDeque<>();
    commands.add(Main.allCommands());
    while (!commands.isEmpty()) {
      picocli.CommandLine command = commands.poll();
      commands.addAll(command.getSubcommands().values());
      List<String> labels =
          command.getCommandSpec().options().stream()
              .filter(option -> option.completionCandidates() != null)
              .map(option -> option.paramLabel().replaceAll("[^A-Za-z0-9_]", ""))
              .toList();
      assertThat(labels).as(command.getCommandSpec().qualifiedName()).doesNotHaveDuplicates();
    }
  }

  /** The words bash would offer after {@code words}, the last one being completed. */
  private String complete(Path script, String... words) throws IOException, InterruptedException {
    String line = String.join(" ", words);
    String shell =
        "source '"
            + script
            + "'\n"
            + "COMP_LINE='"
            + line
            + "'; COMP_POINT=${#COMP_LINE}\n"
            + "COMP_WORDS=("
            + line
            + "); COMP_CWORD="
            + (words.length - 1)
            + "\n"
            + "_complete_neardup\n"
            + "printf '%s\\n' \"${COMPREPLY[@]}\"\n";
    Process bash = new ProcessBuilder("bash", "-c", shell).redirectErrorStream(true).start();
    String output = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(bash.waitFor(30, TimeUnit.SECONDS)).isTrue();
    return output;
  }

  @Test
  void manualPagesCoverEveryCommandInRoff() throws IOException {
    List<Path> pages = ManualPages.write(dir.resolve("man1"), Main.allCommands());
    assertThat(pages)
        .extracting(p -> p.getFileName().toString())
        .contains("neardup.1", "neardup-pairs.1", "neardup-spark.1", "neardup-index-build.1");
    String pairs = Files.readString(dir.resolve("man1/neardup-pairs.1"));
    assertThat(pairs)
        .startsWith(".TH \"NEARDUP-PAIRS\" 1")
        .contains(".SH NAME\nneardup\\-pairs \\- ", "\\-\\-threshold", ".nf\n", ".fi\n");
  }
}
