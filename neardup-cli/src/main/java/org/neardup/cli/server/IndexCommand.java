package org.neardup.cli.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.neardup.cli.ExitCodes;
import org.neardup.error.NearDupException;
import org.neardup.options.Formats;
import org.neardup.options.OutputMixin;
import org.neardup.options.OutputTarget;
import org.neardup.server.AdminCommand;
import org.neardup.server.store.IndexDirectory;
import org.neardup.server.store.IndexSignatures;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code neardup index}: the persistent index of the service, built in bulk and looked after.
 * {@code stats}, {@code check} and {@code backup} work on a stopped index and on one that a running
 * server holds (through its admin socket).
 */
@Command(
    name = "index",
    mixinStandardHelpOptions = true,
    description =
        "Builds a persistent index in bulk (or again, for other queries), and shows, checks or"
            + " backs up one (also while it is served).",
    subcommands = {
      IndexBuildCommand.class,
      IndexRebuildCommand.class,
      IndexCommand.Stats.class,
      IndexCommand.Check.class,
      IndexCommand.Backup.class,
      IndexCommand.Export.class
    })
public final class IndexCommand implements Runnable {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Spec CommandSpec spec;

  @Override
  public void run() {
    throw new picocli.CommandLine.ParameterException(
        spec.commandLine(), "missing subcommand: build, rebuild, stats, check, backup or export");
  }

  /**
   * Runs {@code command} on {@code data}: through the running server's admin socket if one holds
   * the index, else in this process, opening the index read-only when {@code readOnly} (nothing is
   * written into the data directory, so it works on a full disk). Returns the JSON of the answer.
   */
  static JsonNode run(Path data, String command, boolean readOnly) throws IOException {
    Optional<String> answer = AdminCommand.send(data, command);
    String line;
    if (answer.isPresent()) {
      line = answer.get();
    } else {
      try (IndexDirectory directory =
          readOnly
              ? IndexDirectory.openReadOnly(data)
              : IndexDirectory.open(data, IndexDirectory.Options.existing())) {
        line = AdminCommand.execute(directory, command);
      }
    }
    if (line.startsWith("error ")) {
      throw new NearDupException(data + ": " + line.substring("error ".length()));
    }
    return JSON.readTree(line.substring("ok ".length()));
  }

  /** {@code index stats}: reads the index only. */
  @Command(
      name = "stats",
      mixinStandardHelpOptions = true,
      description = "Prints the index's documents, disk use and settings (writes nothing).")
  static final class Stats implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Mixin ExistingIndexOption index;

    @Override
    public Integer call() throws IOException {
      JsonNode stats = IndexCommand.run(index.data, "stats", true);
      PrintWriter out = spec.commandLine().getOut();
      JsonNode sketch = stats.get("sketch");
      int sampling = stats.get("containmentSampling").asInt();
      out.printf(Locale.ROOT, "documents             %,d%n", stats.get("documents").asLong());
      out.printf(
          Locale.ROOT, "disk                  %.1f MB%n", stats.get("diskBytes").asLong() / 1e6);
      out.printf(Locale.ROOT, "threshold             %s%n", stats.get("threshold").asText());
      out.printf(
          Locale.ROOT,
          "banding               %d bands of %d rows%n",
          stats.get("bands").asInt(),
          stats.get("rows").asInt());
      out.printf(Locale.ROOT, "verification          %s%n", stats.get("verify").asText());
      out.printf(
          Locale.ROOT,
          "texts                 %s%n",
          stats.get("keepTexts").asBoolean() ? "kept" : "not kept");
      out.printf(Locale.ROOT, "top-k floor           %s%n", stats.get("topKFloor").asText());
      out.printf(
          Locale.ROOT, "containment sampling  %s%n", sampling == 0 ? "none" : "1 in " + sampling);
      out.printf(
          Locale.ROOT,
          "shingles              %s (hash %s)%n",
          sketch.get("shingle").asText(),
          sketch.get("shingleHashVersion").asText());
      out.printf(Locale.ROOT, "normalization         %s%n", sketch.get("normalization").asText());
      out.printf(
          Locale.ROOT,
          "signature             %s, %d values, seed %d%n",
          sketch.get("scheme").asText(),
          sketch.get("permutations").asInt(),
          sketch.get("seed").asLong());
      out.printf(Locale.ROOT, "commits               %,d%n", stats.get("commits").asLong());
      out.flush();
      return ExitCodes.OK;
    }
  }

  /** {@code index check}. */
  @Command(
      name = "check",
      mixinStandardHelpOptions = true,
      description =
          "Reads the whole index and checks it is consistent (every document with its key,"
              + " signature, set and buckets); writes nothing. Exit code 3 when it is not.")
  static final class Check implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Mixin ExistingIndexOption index;

    @Override
    public Integer call() throws IOException {
      JsonNode report = IndexCommand.run(index.data, "check", true);
      PrintWriter out = spec.commandLine().getOut();
      out.printf(Locale.ROOT, "documents      %d%n", report.get("documents").asLong());
      out.printf(Locale.ROOT, "bucket entries %d%n", report.get("bucketEntries").asLong());
      long problems = report.get("problemCount").asLong();
      for (JsonNode problem : report.get("problems")) {
        out.println("problem: " + problem.asText());
      }
      out.println(problems == 0 ? "ok" : problems + " problems");
      out.flush();
      return problems == 0 ? ExitCodes.OK : ExitCodes.CHECK_FAILED;
    }
  }

  /** {@code index backup}. */
  @Command(
      name = "backup",
      mixinStandardHelpOptions = true,
      description =
          "Writes a consistent copy of the index into a new directory, also while a server writes"
              + " to it (RocksDB checkpoint: hard links where it can).")
  static final class Backup implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Mixin ExistingIndexOption index;

    @Option(
        names = "--to",
        paramLabel = "DIR2",
        required = true,
        description = "The backup's directory; must not exist, nor be inside DIR.")
    Path to;

    @Override
    public Integer call() throws IOException {
      IndexCommand.run(index.data, "backup " + to.toAbsolutePath(), false);
      spec.commandLine()
          .getErr()
          .printf(Locale.ROOT, "neardup: backed up %s -> %s%n", index.data, to);
      spec.commandLine().getErr().flush();
      return ExitCodes.OK;
    }
  }

  /** {@code index export}. */
  @Command(
      name = "export",
      mixinStandardHelpOptions = true,
      description =
          "Writes the index's documents as a signature file (as 'sign' writes one, with shingle"
              + " sets when the index verifies exactly), for --against on a face that takes no"
              + " index (spark-submit without the index's classes), or 'index build --signatures'."
              + " Reads the index as it is when opened, also while a server writes to it.")
  static final class Export implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Mixin ExistingIndexOption index;

    @Option(
        names = {"-o", "--output"},
        paramLabel = "FILE",
        required = true,
        description =
            "The signature file (conventionally .nds). Written atomically; .gz compresses with"
                + " gzip, .zst with zstd.")
    Path output;

    @Option(
        names = {"-q", "--quiet"},
        description = "No summary on stderr.")
    boolean quiet;

    @Override
    public Integer call() throws IOException {
      OutputMixin.requireFile(output, "the signature file");
      long documents;
      try (IndexDirectory opened = IndexDirectory.openToSearch(index.data);
          OutputTarget target =
              OutputTarget.open(output, spec.commandLine().getOut(), List.of(index.data))) {
        documents = IndexSignatures.write(opened, target.stream());
        target.commit();
      }
      if (!quiet) {
        spec.commandLine()
            .getErr()
            .printf(
                Locale.ROOT,
                "neardup: %s of %s -> %s%n",
                Formats.count(documents, "document"),
                index.data,
                output);
        spec.commandLine().getErr().flush();
      }
      return ExitCodes.OK;
    }
  }
}
