package org.neardup.cli;

import java.util.List;
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
import org.neardup.cli.shell.CompletionCommand;
import org.neardup.cli.tune.ExplainCommand;
import org.neardup.cli.tune.TuneCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;

/**
 * The top-level command: a list of subcommands. They are not in the {@code @Command} annotation but
 * in {@link #SUBCOMMANDS}, so that {@link Main} can register only the one a run names: picocli
 * builds the model of every registered command (reflecting on its fields, loading their types),
 * which for all of them would add to every run's start-up.
 */
@Command(
    name = "neardup",
    mixinStandardHelpOptions = true,
    versionProvider = BuildVersion.class,
    description =
        "Finds near-duplicate documents: shingles, MinHash, LSH banding, exact verification.",
    footer = {
      "",
      "Exit codes: 0 ok, 2 bad usage or bad input, 4 internal error.",
      "Run 'neardup demo' to see it work on a generated corpus."
    })
final class NearDupCommand implements Runnable {
  /** The subcommands, in the order the usage lists them. */
  static final List<Class<?>> SUBCOMMANDS =
      List.of(
          PairsCommand.class,
          SimilarCommand.class,
          ClustersCommand.class,
          DedupCommand.class,
          SignCommand.class,
          ServeCommand.class,
          IndexCommand.class,
          SparkCommand.class,
          KafkaStreamCommand.class,
          EvalCommand.class,
          DemoCommand.class,
          GenerateCommand.class,
          TuneCommand.class,
          ExplainCommand.class,
          ReportCommand.class,
          CompletionCommand.class,
          HelpCommand.class);

  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new picocli.CommandLine.ParameterException(spec.commandLine(), "missing subcommand");
  }
}
