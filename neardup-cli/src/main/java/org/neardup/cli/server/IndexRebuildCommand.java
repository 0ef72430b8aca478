package org.neardup.cli.server;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;
import org.neardup.cli.ExitCodes;
import org.neardup.error.NearDupException;
import org.neardup.index.IndexSettings;
import org.neardup.index.SearchSettings;
import org.neardup.options.Formats;
import org.neardup.options.TempFiles;
import org.neardup.options.UsageException;
import org.neardup.server.AdminCommand;
import org.neardup.server.store.BulkLoader;
import org.neardup.server.store.DiskFullException;
import org.neardup.server.store.IndexDirectory;
import org.neardup.sketch.Sketch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code neardup index rebuild}: an index built again from the documents it holds (their sketches
 * and texts), for other queries beyond the threshold: a top-k floor, containment sampling. The new
 * index is loaded in bulk into a directory beside the old one and put in its place only when
 * complete; a failed or interrupted rebuild leaves the index as it was.
 */
@Command(
    name = "rebuild",
    mixinStandardHelpOptions = true,
    description = {
      "Builds an index again from the documents it holds, for a top-k floor or containment"
          + " queries it was not built for (or without them): nothing is read but the index.",
      "The new index is written beside the old one and replaces it when complete; the service must"
          + " be stopped meanwhile."
    })
public final class IndexRebuildCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin ExistingIndexOption index;

  @Option(
      names = "--top-k-floor",
      paramLabel = "F",
      description =
          "Top-k queries (POST /query?top=K) down to Jaccard F, below the threshold; 0 for none."
              + " Default: the index's.")
  Double topKFloor;

  @Option(
      names = "--containment-sampling",
      paramLabel = "M",
      description =
          "Containment queries, one shingle in M of each document kept; 0 for none. Default: the"
              + " index's.")
  Integer containmentSampling;

  @Option(
      names = {"-q", "--quiet"},
      description = "No summary on stderr.")
  boolean quiet;

  @Override
  public Integer call() throws IOException {
    if (topKFloor == null && containmentSampling == null) {
      throw new UsageException(
          "index rebuild: give --top-k-floor F or --containment-sampling M (0 for none): what to"
              + " build the index for");
    }
    if (AdminCommand.send(index.data, "stats").isPresent()) {
      throw new UsageException(
          index.data + ": a running service holds the index: stop it, rebuild, then serve again");
    }
    long started = System.nanoTime();
    IndexSettings old;
    IndexSettings settings;
    Path parent = index.data.toAbsolutePath().normalize().getParent();
    Path staging =
        parent.resolve(
            ".neardup-rebuild-"
                + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36));
    Path rebuilt = staging.resolve("index");
    long documents;
    try (IndexDirectory current = IndexDirectory.openReadOnly(index.data)) {
      old = current.settings();
      settings = old.withSearch(search(old));
      if (settings.equals(old)) {
        spec.commandLine()
            .getErr()
            .printf(
                Locale.ROOT, "neardup: %s is built for that already: nothing to do%n", index.data);
        spec.commandLine().getErr().flush();
        return ExitCodes.OK;
      }
      TempFiles.create(staging, () -> Files.createDirectory(staging));
      try (IndexDirectory target =
              IndexDirectory.open(
                  rebuilt,
                  new IndexDirectory.Options(
                      settings,
                      true,
                      false,
                      256L << 20,
                      Runtime.getRuntime().availableProcessors()));
          BulkLoader loader = BulkLoader.start(target, Runtime.getRuntime().maxMemory() / 4)) {
        documents =
            current.forEachDocument(
                (key, signature, set, text) ->
                    loader.add(
                        key,
                        set == null
                            ? Sketch.ofSignature(signature)
                            : Sketch.ofSet(set, signature, -1),
                        text));
        loader.finish();
        target.sync();
      } catch (DiskFullException e) {
        TempFiles.discard(staging);
        throw new NearDupException(
            e.getMessage() + "; " + index.data + " is as it was: free space and rebuild again", e);
      } catch (RuntimeException | Error e) {
        TempFiles.discard(staging);
        throw e;
      }
    }
    replace(staging, rebuilt);
    if (!quiet) {
      PrintWriter err = spec.commandLine().getErr();
      err.printf(
          Locale.ROOT,
          "neardup: rebuilt %s from its %s in %.1f s: top-k floor %s, containment sampling %s%n",
          index.data,
          Formats.count(documents, "document"),
          (System.nanoTime() - started) / 1e9,
          settings.search().hasTopKFloor() ? Formats.plain(settings.search().topKFloor()) : "none",
          settings.search().hasContainment()
              ? "1 in " + settings.search().containmentSampling()
              : "none");
      err.flush();
    }
    return ExitCodes.OK;
  }

  /** The search settings asked for: the options given, the index's for the others. */
  private SearchSettings search(IndexSettings old) {
    double floor = topKFloor != null ? topKFloor : old.search().topKFloor();
    int sampling =
        containmentSampling != null ? containmentSampling : old.search().containmentSampling();
    if (floor != 0 && floor >= old.threshold()) {
      throw new UsageException(
          "--top-k-floor must be below the index's threshold ("
              + old.threshold()
              + "), got "
              + floor);
    }
    if (sampling > 0 && !old.verify().equals(org.neardup.verify.VerifyMode.EXACT)) {
      throw new UsageException(
          "--containment-sampling needs the documents' shingle sets, which this index (verify "
              + old.verify()
              + ") does not keep: build a new index from the texts with it");
    }
    try {
      return new SearchSettings(floor, sampling);
    } catch (IllegalArgumentException e) {
      throw new UsageException(
          e.getMessage()
              .replace("top-k floor", "--top-k-floor")
              .replace("containment sampling", "--containment-sampling"));
    }
  }

  /**
   * Puts the rebuilt index in the place of the old one: the old one moved aside, the new one moved
   * in, the old one deleted. Moved back when the new one cannot be moved in.
   */
  private void replace(Path staging, Path rebuilt) throws IOException {
    Path aside = staging.resolve("replaced");
    try {
      boolean done =
          TempFiles.commit(
              staging,
              () -> {
                move(index.data, aside);
                try {
                  move(rebuilt, index.data);
                } catch (IOException e) {
                  move(aside, index.data);
                  throw e;
                }
              });
      if (!done) {
        throw new IOException("not rebuilt: the process is being stopped");
      }
    } catch (IOException e) {
      TempFiles.discard(staging);
      throw new IOException(
          index.data + ": cannot put the rebuilt index in place: " + e.getMessage(), e);
    }
    TempFiles.discard(staging);
  }

  private static void move(Path from, Path to) throws IOException {
    try {
      Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(from, to);
    }
  }
}
