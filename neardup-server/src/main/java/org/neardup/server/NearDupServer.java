package org.neardup.server;

import java.io.UncheckedIOException;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.neardup.server.http.Api;
import org.neardup.server.http.HttpTransport;
import org.neardup.server.store.IndexDirectory;

/**
 * The online dedup service: an HTTP server ({@link HttpTransport}, Jetty) in front of a persistent
 * index, writes funnelled through one {@link GroupCommitWriter}, metrics in Prometheus format, and
 * an admin socket in the data directory for backups. {@link #start} returns a running server;
 * {@link #stop} stops taking requests, lets those in flight finish for a grace time, cancels the
 * writes not committed by then and closes the index.
 *
 * <pre>{@code
 * try (IndexDirectory data = IndexDirectory.open(dir, options);
 *      NearDupServer server = NearDupServer.start(data, ServerConfig.local(8080), System.err::println)) {
 *   server.awaitStop();
 * }
 * }</pre>
 */
public final class NearDupServer implements AutoCloseable {
  private final IndexDirectory directory;
  private final HttpTransport http;
  private final GroupCommitWriter writer;
  private final AdminSocket admin;
  private final Api api;
  private final TopKPreload preload; // null when not asked for or without a floor
  private final Object stopLock = new Object();
  private boolean stopped;

  private NearDupServer(
      IndexDirectory directory,
      HttpTransport http,
      GroupCommitWriter writer,
      AdminSocket admin,
      Api api,
      TopKPreload preload) {
    this.api = api;
    this.preload = preload;
    this.directory = directory;
    this.http = http;
    this.writer = writer;
    this.admin = admin;
  }

  /**
   * Starts serving {@code directory}'s index as {@code config} says.
   *
   * @param log receives a line a failure of the server (never a document's text)
   * @throws UncheckedIOException when the address cannot be bound
   */
  public static NearDupServer start(
      IndexDirectory directory, ServerConfig config, Consumer<String> log) {
    Objects.requireNonNull(directory, "directory");
    Metrics metrics = new Metrics(Api.ENDPOINTS);
    GroupCommitWriter writer = new GroupCommitWriter(directory.index(), 1024, metrics::batch);
    metrics.gauge(
        "neardup.index.documents", "documents held", directory.index(), index -> index.size());
    metrics.gauge(
        "neardup.index.disk.bytes",
        "bytes the index takes on disk",
        directory,
        IndexDirectory::diskBytes);
    metrics.gauge(
        "neardup.index.commits", "write batches committed", directory, IndexDirectory::commits);
    Api api = new Api(directory, writer, metrics, config, log);
    HttpTransport http;
    try {
      http = HttpTransport.start(api, config);
    } catch (RuntimeException e) {
      writer.close();
      throw e;
    }
    AdminSocket admin = AdminSocket.start(directory, log);
    TopKPreload preload =
        config.preloadTopK() && directory.settings().search().hasTopKFloor()
            ? TopKPreload.start(directory.index(), log)
            : null;
    return new NearDupServer(directory, http, writer, admin, api, preload);
  }

  /** The port the server listens on (the one it got, when asked for port 0). */
  public int port() {
    return http.port();
  }

  /** Blocks until {@link #stop} has run (from another thread or a shutdown hook). */
  public void awaitStop() throws InterruptedException {
    synchronized (stopLock) {
      while (!stopped) {
        stopLock.wait();
      }
    }
  }

  /**
   * Stops: new requests are refused (503); those in flight get up to {@code graceSeconds} to
   * finish; then the writes not yet committed are cancelled ({@link GroupCommitWriter#close}: the
   * batch being committed stops between two writes and is rolled back), and their requests are
   * answered 503 with what was stored, for up to a second more; then the connections are closed and
   * the index with them (the server owns it from {@link #start}). So a stop takes the grace and
   * about a second, whatever is queued. Idempotent.
   */
  public void stop(int graceSeconds) {
    synchronized (stopLock) {
      if (stopped) {
        return;
      }
      api.drain();
      if (preload != null) {
        preload.stop(); // writes in flight would wait for it
      }
      awaitRequests(TimeUnit.SECONDS.toNanos(graceSeconds));
      writer.close();
      awaitRequests(TimeUnit.SECONDS.toNanos(1)); // their answers: what was stored
      http.stop();
      admin.close();
      directory.close();
      stopped = true;
      stopLock.notifyAll();
    }
  }

  /** Waits up to {@code nanos} for the requests in flight to end. */
  private void awaitRequests(long nanos) {
    long deadline = System.nanoTime() + nanos;
    while (api.inFlight() > 0 && System.nanoTime() < deadline) {
      try {
        Thread.sleep(10);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  @Override
  public void close() {
    stop(1);
  }
}
