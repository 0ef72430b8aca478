package org.neardup.cli;

import org.neardup.cli.batch.ClustersCommand;
import org.neardup.cli.batch.DedupCommand;
import org.neardup.cli.batch.DemoCommand;
import org.neardup.cli.batch.EvalCommand;
import org.neardup.cli.batch.GenerateCommand;
import org.neardup.cli.batch.PairsCommand;
import org.neardup.cli.batch.SignCommand;
import org.neardup.cli.report.ReportCommand;
import org.neardup.cli.search.SimilarCommand;
import org.neardup.cli.server.IndexCommand;
import org.neardup.cli.server.ServeCommand;
import org.neardup.cli.tune.ExplainCommand;
import org.neardup.cli.tune.TuneCommand;
import picocli.CommandLine.Command;

/** The top-level command: a list of subcommands. */
@Command(
    name = "neardup",
    mixinStandardHelpOptions = true,
    version = "neardup 0.1.0",
    description = "Finds near-duplicate documents: shingles, MinHash, LSH banding, exact verification.",
    subcommands = {
      PairsCommand.class,
      SimilarCommand.class,
      ClustersCommand.class,
      DedupCommand.class,
      SignCommand.class,
      ServeCommand.class,
      IndexCommand.class,
      EvalCommand.class,
      DemoCommand.class,
      GenerateCommand.class,
      TuneCommand.class,
      ExplainCommand.class,
      ReportCommand.class,
      picocli.CommandLine.HelpCommand.class
    },
    footer = {
      "",
      "Exit codes: 0 ok, 2 bad usage or bad input, 4 internal error.",
      "Run 'neardup demo' to see it work on a generated corpus."
    })
final class NearDupCommand implements Runnable {
  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new picocli.CommandLine.ParameterException(spec.commandLine(), "missing subcommand");
  }
}
