package org.neardup.cli.shell;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.neardup.cli.Main;
import picocli.CommandLine;
import picocli.CommandLine.Help;

/**
 * Writes a manual page (roff, section 1) per command: {@code neardup.1}, {@code neardup-pairs.1},
 * {@code neardup-index-build.1}, ... Each holds the command's one-line description under NAME and
 * its usage help, as {@code --help} prints it, under SYNOPSIS AND OPTIONS. The release build runs
 * it into the archive's {@code man/man1}.
 */
public final class ManualPages {
  private ManualPages() {}

  /** {@code ManualPages DIR}: writes the pages into DIR (created when missing). */
  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("usage: ManualPages DIR");
      System.exit(2);
    }
    for (Path page : write(Path.of(args[0]), Main.allCommands())) {
      System.out.println(page);
    }
  }

  /** Writes the pages of {@code root} and its subcommands into {@code dir}; returns their paths. */
  public static List<Path> write(Path dir, CommandLine root) throws IOException {
    Files.createDirectories(dir);
    List<Path> pages = new ArrayList<>();
    writeAll(dir, root, pages);
    return pages;
  }

  private static void writeAll(Path dir, CommandLine command, List<Path> pages) throws IOException {
    String name = command.getCommandSpec().qualifiedName("-");
    Path page = dir.resolve(name + ".1");
    Files.writeString(page, page(command, name), StandardCharsets.UTF_8);
    pages.add(page);
    for (CommandLine subcommand : command.getSubcommands().values()) {
      // aliases map to the same command: one page each
      if (subcommand.getCommandName().equals(subcommand.getCommandSpec().name())
          && !subcommand.getCommandSpec().usageMessage().hidden()) {
        writeAll(dir, subcommand, pages);
      }
    }
  }

  static String page(CommandLine command, String name) {
    String[] description = command.getCommandSpec().usageMessage().description();
    String summary = description.length == 0 ? "" : description[0];
    String usage = command.getUsageMessage(Help.Ansi.OFF);
    StringBuilder roff = new StringBuilder();
    roff.append(".TH \"")
        .append(name.toUpperCase(Locale.ROOT))
        .append("\" 1 \"\" \"")
        .append(
            escape(
                command.getCommandSpec().root().version().length == 0
                    ? "neardup"
                    : command.getCommandSpec().root().version()[0]))
        .append("\" \"neardup manual\"\n");
    roff.append(".SH NAME\n")
        .append(escape(name))
        .append(" \\- ")
        .append(escape(summary))
        .append('\n');
    roff.append(".SH SYNOPSIS AND OPTIONS\n.nf\n");
    for (String line : usage.split("\r?\n", -1)) {
      roff.append(line.startsWith(".") || line.startsWith("'") ? "\\&" : "")
          .append(escape(line))
          .append('\n');
    }
    roff.append(".fi\n");
    roff.append(".SH SEE ALSO\nneardup(1); the documentation in the release's docs/ directory.\n");
    return roff.toString();
  }

  private static String escape(String text) {
    return text.replace("\\", "\\e").replace("-", "\\-");
  }
}
