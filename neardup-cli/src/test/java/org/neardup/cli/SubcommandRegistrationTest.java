package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * A run that names a subcommand registers only that one (start-up), and every way of asking for the
 * list of commands still sees all of them.
 */
class SubcommandRegistrationTest {
  private static CommandLine commandLine(String... args) {
    PrintWriter sink = new PrintWriter(new StringWriter());
    return Main.commandLine(args, sink, sink);
  }

  @Test
  void aNamedSubcommandIsTheOnlyOneRegistered() {
    for (Class<?> subcommand : NearDupCommand.SUBCOMMANDS) {
      String name = subcommand.getAnnotation(Command.class).name();
      if (name.equals("help")) {
        continue;
      }
      assertThat(commandLine(name, "--whatever").getSubcommands()).as(name).containsOnlyKeys(name);
    }
  }

  @Test
  void withoutASubcommandNameAllAreRegistered() {
    int all = NearDupCommand.SUBCOMMANDS.size();
    assertThat(commandLine().getSubcommands()).hasSize(all);
    assertThat(commandLine("--help").getSubcommands()).hasSize(all);
    assertThat(commandLine("help", "pairs").getSubcommands()).hasSize(all);
    assertThat(commandLine("pairz").getSubcommands()).hasSize(all);
  }

  @Test
  void usageListsEverySubcommand() {
    CliRunner run = CliRunner.run("--help");
    assertThat(run.exitCode).isZero();
    for (Class<?> subcommand : NearDupCommand.SUBCOMMANDS) {
      assertThat(run.out).contains(subcommand.getAnnotation(Command.class).name());
    }
  }

  @Test
  void helpOnASubcommandAndAMisspeltNameStillWork() {
    CliRunner help = CliRunner.run("help", "pairs");
    assertThat(help.exitCode).as(help.toString()).isZero();
    assertThat(help.out).contains("Usage: neardup pairs");

    CliRunner misspelt = CliRunner.run("pairz", "in.tsv");
    assertThat(misspelt.exitCode).as(misspelt.toString()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(misspelt.err).contains("pairs");

    CliRunner own = CliRunner.run("pairs", "--help");
    assertThat(own.exitCode).isZero();
    assertThat(own.out).contains("Usage: neardup pairs");
  }
}
