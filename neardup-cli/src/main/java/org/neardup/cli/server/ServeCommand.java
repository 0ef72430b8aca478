package org.neardup.cli.server;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.neardup.cli.ExitCodes;
import org.neardup.options.UsageException;
import org.neardup.server.HttpLimits;
import org.neardup.server.NearDupServer;
import org.neardup.server.ServerConfig;
import org.neardup.server.store.IndexDirectory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code neardup serve}: the online dedup service over a persistent index. */
@Command(
    name = "serve",
    mixinStandardHelpOptions = true,
    description = {
      "Serves a persistent index over HTTP: add documents and get their near-duplicates (exact"
          + " similarities), query, get, delete, batch, stats, Prometheus metrics. The API is in"
          + " docs/server.md.",
      "Every acknowledged write is on disk (write-ahead log synced; concurrent writers share"
          + " syncs). SIGTERM or Ctrl-C stops cleanly within seconds: requests in flight get 5 s"
          + " to finish, writes not committed by then are cancelled and answered as not stored."
    })
public final class ServeCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin DataOptions data;

  @Option(
      names = "--host",
      paramLabel = "ADDRESS",
      defaultValue = "127.0.0.1",
      description = "Address to listen on. Default: ${DEFAULT-VALUE} (this machine only).")
  String host;

  @Option(
      names = "--port",
      paramLabel = "PORT",
      defaultValue = "8080",
      description =
          "Port to listen on (0: any free one, printed at start). Default: ${DEFAULT-VALUE}.")
  int port;

  @Option(
      names = "--token",
      paramLabel = "TOKEN",
      description = "Require 'Authorization: Bearer TOKEN' on every endpoint but /health.")
  String token;

  @Option(
      names = "--token-file",
      paramLabel = "FILE",
      description =
          "Read the token from this file (its first line), so it stays out of the process list.")
  Path tokenFile;

  @Option(
      names = "--allowed-host",
      paramLabel = "NAME",
      description =
          "Also answer requests whose Host header names NAME (repeatable). Default: only localhost,"
              + " 127.0.0.0/8, [::1] and the --host address; any other Host gets 421 (DNS"
              + " rebinding).")
  List<String> allowedHosts = new ArrayList<>();

  @Option(
      names = "--max-body",
      paramLabel = "BYTES",
      defaultValue = "16777216",
      description =
          "Largest request body accepted (413 beyond). Default: ${DEFAULT-VALUE} (16 MiB).")
  long maxBody;

  @Option(
      names = "--lazy-top-k",
      description =
          "Load the top-k floor (about 2 KB of memory a document) on the first top-k query instead"
              + " of at start. Default: at start, in the background.")
  boolean lazyTopK;

  @Option(
      names = "--http-threads",
      paramLabel = "N",
      defaultValue = "32",
      description =
          "Threads serving requests; times --max-body, the bytes the request bodies in memory hold"
              + " together. Default: ${DEFAULT-VALUE}.")
  int httpThreads;

  @Override
  public Integer call() throws Exception {
    PrintWriter err = spec.commandLine().getErr();
    ServerConfig config;
    try {
      config =
          new ServerConfig(
              host,
              port,
              token(),
              maxBody,
              httpThreads,
              !lazyTopK,
              allowedHosts,
              HttpLimits.DEFAULTS);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    warnIfReadable(err);
    data.warnUnused(err, "serve");
    boolean created = !Files.exists(data.data);
    IndexDirectory directory = data.open(true);
    if (lazyTopK && !directory.settings().search().hasTopKFloor()) {
      err.println(
          "neardup: warning: --lazy-top-k has no effect: the index has no top-k floor to load"
              + " (neardup index rebuild --top-k-floor F gives it one)");
      err.flush();
    }
    NearDupServer server;
    try {
      server =
          NearDupServer.start(
              directory,
              config,
              line -> {
                err.println(line);
                err.flush();
              });
    } catch (RuntimeException e) {
      directory.close();
      if (created) {
        deleteCreated(data.data, err);
      }
      throw new UsageException(e.getMessage());
    }
    Thread hook = new Thread(() -> server.stop(5), "neardup-shutdown");
    Runtime.getRuntime().addShutdownHook(hook);
    err.printf(
        Locale.ROOT,
        "neardup: serving %s (%,d documents; %s; threshold %s) at http://%s:%d/ (%s)%n",
        data.data,
        directory.index().size(),
        directory.settings().sketch(),
        directory.settings().threshold(),
        host,
        server.port(),
        config.token() == null ? "no token" : "token required");
    err.flush();
    server.awaitStop();
    return ExitCodes.OK;
  }

  /** A token file others can read holds a secret they can use: said on stderr, not refused. */
  private void warnIfReadable(PrintWriter err) {
    if (tokenFile == null) {
      return;
    }
    try {
      Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(tokenFile);
      if (permissions.contains(PosixFilePermission.OTHERS_READ)
          || permissions.contains(PosixFilePermission.GROUP_READ)) {
        err.printf(
            Locale.ROOT,
            "neardup: warning: %s can be read by other users (%s); chmod 600 it%n",
            tokenFile,
            PosixFilePermissions.toString(permissions));
        err.flush();
      }
    } catch (UnsupportedOperationException | IOException e) {
      // no POSIX permissions here: nothing to say
    }
  }

  /** Removes the data directory this run created when the server could not start (a busy port). */
  private static void deleteCreated(Path dir, PrintWriter err) {
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    } catch (IOException e) {
      err.println(
          "neardup: could not remove " + dir + ", created for the index: " + e.getMessage());
      err.flush();
    }
  }

  private String token() {
    if (token != null && tokenFile != null) {
      throw new UsageException("--token and --token-file exclude each other");
    }
    if (tokenFile == null) {
      return token;
    }
    String first;
    try {
      first =
          Files.readAllLines(tokenFile, StandardCharsets.UTF_8).stream()
              .findFirst()
              .orElse("")
              .strip();
    } catch (IOException e) {
      throw new UsageException(tokenFile + ": cannot read the token: " + e.getMessage());
    }
    if (first.isEmpty()) {
      throw new UsageException(tokenFile + ": no token on its first line");
    }
    return first;
  }
}
