package org.neardup.cli;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

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
      CommandLine commandLine = commandLine(args, out, err);
      if (args.length > 0 && isUnknownCommand(args[0])) {
        // before picocli, which takes a --help after it as a request for the top-level usage
        err.println("neardup: " + unknownCommand(commandLine, args[0]));
        err.flush();
        return ExitCodes.BAD_INPUT;
      }
      return commandLine.execute(args);
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
    commandLine.setParameterExceptionHandler(Main::usageError);
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

  /** Whether {@code word}, the first argument, names no command (and is no option). */
  private static boolean isUnknownCommand(String word) {
    return !word.startsWith("-") && !word.equals("help") && subcommandNamed(word) == null;
  }

  /** {@code unknown command 'x'}, with the commands of a similar name, if any. */
  private static String unknownCommand(CommandLine commandLine, String word) {
    List<String> similar = similar(word, commandLine.getSubcommands().keySet());
    return "unknown command '"
        + word
        + "'"
        + (similar.isEmpty() ? "" : " (did you mean " + String.join(" or ", similar) + "?)")
        + "; 'neardup --help' lists the commands";
  }

  /**
   * A bad command line (an unknown or missing option, a value of the wrong type): one line naming
   * it and where the options are listed, exit 2, instead of the whole usage.
   */
  private static int usageError(ParameterException e, String[] args) {
    CommandLine commandLine = e.getCommandLine();
    PrintWriter err = commandLine.getErr();
    String command = commandLine.getCommandSpec().qualifiedName();
    String message;
    if (e instanceof MissingParameterException missing) {
      message =
          command.substring(command.indexOf(' ') + 1)
              + " needs "
              + String.join(" and ", missing.getMissing().stream().map(Main::describe).toList());
    } else {
      message = e.getMessage();
      if (e instanceof UnmatchedArgumentException unmatched) {
        List<String> similar = new java.util.ArrayList<>();
        for (String word : unmatched.getUnmatched()) {
          if (word.startsWith("-")) {
            int equals = word.indexOf('=');
            similar.addAll(
                similar(
                    equals < 0 ? word : word.substring(0, equals),
                    commandLine.getCommandSpec().optionsMap().keySet()));
          }
        }
        if (!similar.isEmpty()) {
          message += " (did you mean " + String.join(" or ", similar) + "?)";
        }
      }
    }
    err.println("neardup: " + message + "; '" + command + " --help' lists the options");
    err.flush();
    return ExitCodes.BAD_INPUT;
  }

  /** The names within two edits of {@code word} (at most three, closest first). */
  static List<String> similar(String word, java.util.Collection<String> names) {
    return names.stream()
        .filter(name -> name.length() > 2)
        .map(name -> java.util.Map.entry(name, editDistance(word, name)))
        .filter(e -> e.getValue() <= 2)
        .sorted(java.util.Map.Entry.comparingByValue())
        .limit(3)
        .map(java.util.Map.Entry::getKey)
        .toList();
  }

  /** Levenshtein distance, with a swap of two neighbours counted as one edit. */
  private static int editDistance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      for (int j = 0; j <= b.length(); j++) {
        if (i == 0 || j == 0) {
          d[i][j] = i + j;
          continue;
        }
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1
            && j > 1
            && a.charAt(i - 1) == b.charAt(j - 2)
            && a.charAt(i - 2) == b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[a.length()][b.length()];
  }

  /** {@code -o/--output CLEAN} for an option, {@code INPUT} for a positional parameter. */
  private static String describe(ArgSpec spec) {
    if (spec instanceof OptionSpec option) {
      return String.join("/", option.names()) + " " + option.paramLabel();
    }
    return spec.paramLabel();
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
