package org.neardup.cli;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;

/** Entry point of {@code ./neardup}. */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    System.exit(
        run(
            args,
            new PrintWriter(System.out, true, StandardCharsets.UTF_8),
            new PrintWriter(System.err, true, StandardCharsets.UTF_8)));
  }

  /**
   * Runs the command line with the given output streams; returns the exit code. Running out of
   * memory is reported in one line with what to do (exit 2), not as a stack trace.
   */
  public static int run(String[] args, PrintWriter out, PrintWriter err) {
    try {
      return commandLine(args, out, err).execute(args);
    } catch (OutOfMemoryError e) {
      err.println(
          "neardup: out of memory ("
              + e.getMessage()
              + "): give Java more heap, e.g. "
              + "NEARDUP_JAVA_OPTS=-Xmx8g ./neardup ..., or reduce the input");
      err.flush();
      return ExitCodes.BAD_INPUT;
    }
  }

  /**
   * The configured picocli command line for {@code args}: when they start with a subcommand's name
   * (other than {@code help}), with that subcommand only, else with all (for the usage, {@code
   * help} and picocli's suggestions on a misspelt name).
   */
  static CommandLine commandLine(String[] args, PrintWriter out, PrintWriter err) {
    CommandLine commandLine = new CommandLine(new NearDupCommand());
    Class<?> named = args.length == 0 ? null : subcommandNamed(args[0]);
    for (Class<?> subcommand : NearDupCommand.SUBCOMMANDS) {
      if (named == null || named == subcommand) {
        commandLine.addSubcommand(subcommand);
      }
    }
    commandLine.setOut(out);
    commandLine.setErr(err);
    commandLine.setExecutionExceptionHandler(new ErrorHandler());
    commandLine.setCaseInsensitiveEnumValuesAllowed(true);
    return commandLine;
  }

  /**
   * The command line with every subcommand registered, writing to standard output and error: what
   * the completion script and the manual pages describe.
   */
  public static CommandLine allCommands() {
    return commandLine(
        new String[0],
        new PrintWriter(System.out, true, StandardCharsets.UTF_8),
        new PrintWriter(System.err, true, StandardCharsets.UTF_8));
  }

  /** The subcommand whose name or alias is {@code word}, or null (also for {@code help}). */
  static Class<?> subcommandNamed(String word) {
    for (Class<?> subcommand : NearDupCommand.SUBCOMMANDS) {
      Command command = subcommand.getAnnotation(Command.class);
      if (subcommand != HelpCommand.class
          && (command.name().equals(word) || Arrays.asList(command.aliases()).contains(word))) {
        return subcommand;
      }
    }
    return null;
  }
}
