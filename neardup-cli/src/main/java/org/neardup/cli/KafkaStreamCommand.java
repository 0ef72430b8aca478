package org.neardup.cli;

import java.util.List;
import java.util.concurrent.Callable;
import org.neardup.options.UsageException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Unmatched;

/**
 * {@code neardup stream}: listed here so that the usage and {@code help stream} show it. The job
 * runs on Kafka Streams from its own jar (neardup-streams) and class path: the launcher {@code
 * ./neardup} of a source checkout and {@code bin/neardup} of a release start it before this jar is
 * reached. Reached here, the command says how to run it.
 */
@Command(
    name = "stream",
    mixinStandardHelpOptions = true,
    description = {
      "Online dedup of a Kafka topic on Kafka Streams: one decision a record, exactly once"
          + " (docs/streams.md).",
      "From a source checkout, ./neardup stream builds the job and runs it; from a release,"
          + " bin/neardup stream runs lib/neardup-streams.jar with Kafka's jars in lib/streams/."
          + " 'bin/neardup stream --help' lists its options."
    },
    customSynopsis =
        "neardup stream --bootstrap-servers HOST:PORT --input TOPIC --output TOPIC"
            + " --application-id ID --state-dir DIR [options]")
final class KafkaStreamCommand implements Callable<Integer> {
  @Unmatched List<String> arguments;

  @Override
  public Integer call() {
    throw new UsageException(
        "stream: the Kafka Streams job runs from its own jar and class path, not this jar: from a"
            + " source checkout run ./neardup stream ...; from a release, bin/neardup stream ...,"
            + " or java -cp 'lib/neardup-streams.jar:lib/streams/*:lib/neardup.jar'"
            + " org.neardup.streams.StreamMain ... yourself (docs/streams.md)");
  }
}
