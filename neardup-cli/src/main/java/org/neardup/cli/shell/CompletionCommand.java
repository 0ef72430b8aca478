package org.neardup.cli.shell;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.neardup.cli.ExitCodes;
import org.neardup.cli.Main;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code neardup completion}: the bash and zsh completion script of every command and option. */
@Command(
    name = "completion",
    mixinStandardHelpOptions = true,
    description = {
      "Prints the completion script for bash and zsh: commands, options and their values.",
      "Load it in the running shell with: source <(neardup completion)",
      "or for every shell: neardup completion > ~/.local/share/bash-completion/completions/neardup",
      "(zsh: the script loads bashcompinit itself)."
    })
public final class CompletionCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    out.print(AutoComplete.bash("neardup", Main.allCommands()));
    out.flush();
    return ExitCodes.OK;
  }
}
