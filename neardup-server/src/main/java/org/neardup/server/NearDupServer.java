package org.neardup.server;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.neardup.server.http.Api;
import org.neardup.server.store.IndexDirectory;

/**
 * The online dedup service: the JDK's HTTP server in front of a persistent index, writes funnelled
 * through one {@link GroupCommitWriter}, metrics in Prometheus format, and an admin socket in the
 * data directory for backups. {@link #start} returns a running server; {@link #stop} stops taking
 * requests, lets those in flight finish, commits what is queued and closes the index.
 *
 * <pre>{@code
 * try (IndexDirectory data = IndexDirectory.open(dir, options);
 *      NearDupServer server = NearDupServer.start(data, ServerConfig.local(8080), System.err::println)) {
 *   server.awaitStop();
 * }
 * }</pre>
 */
public final class NearDupServer implements AutoCloseable {
  static {
    // Without it the JDK's server waits for the client's delayed ACK before each response's last
    // segment (Nagle's algorithm): about 40 ms a request instead of under 1 ms.
    System.setProperty("sun.net.httpserver.nodelay", "true");
  }

  private final IndexDirectory directory;
  private final HttpServer http;
  private final ExecutorService workers;
  private final GroupCommitWriter writer;
  private final AdminSocket admin;
  private final Api api;
  private final TopKPreload preload; // null when not asked for or without a floor
  private final Object stopLock = new Object();
  private boolean stopped;

  private NearDupServer(IndexDirectory directory, HttpServer http, ExecutorService workers,
      GroupCommitWriter writer, AdminSocket admin, Api api, TopKPreload preload) {
    this.api = api;
    this.preload = preload;
    this.directory = directory;
    this.http = http;
    this.workers = workers;
    this.writer = writer;
    this.admin = admin;
  }

  /**
   * Starts serving {@code directory}'s index as {@code config} says.
   *
   * @param log receives a line a failure of the server (never a document's text)
   * @throws UncheckedIOException when the address cannot be bound
   */
  public static NearDupServer start(IndexDirectory directory, ServerConfig config, Consumer<String> log) {
    Objects.requireNonNull(directory, "directory");
    Metrics metrics = new Metrics();
    GroupCommitWriter writer = new GroupCommitWriter(directory.index(), 1024, metrics::batch);
    metrics.gauge("neardup.index.documents", "documents held", directory.index(), index -> index.size());
    metrics.gauge("neardup.index.disk.bytes", "bytes the index takes on disk", directory, IndexDirectory::diskBytes);
    metrics.gauge("neardup.index.commits", "write batches committed", directory, IndexDirectory::commits);
    ExecutorService workers = Executors.newFixedThreadPool(config.threads(), daemons("neardup-http"));
    HttpServer http;
    try {
      http = HttpServer.create(new InetSocketAddress(config.host(), config.port()), 1024);
    } catch (IOException e) {
      workers.shutdownNow();
      writer.close();
      throw new UncheckedIOException("cannot listen on " + config.host() + ":" + config.port() + ": " + e.getMessage(), e);
    }
    http.setExecutor(workers);
    Api api = new Api(directory, writer, metrics, config, log);
    http.createContext("/", api);
    AdminSocket admin = AdminSocket.start(directory, log);
    http.start();
    TopKPreload preload = config.preloadTopK() && directory.settings().search().hasTopKFloor()
        ? TopKPreload.start(directory.index(), log) : null;
    return new NearDupServer(directory, http, workers, writer, admin, api, preload);
  }

  /** The port the server listens on (the one it got, when asked for port 0). */
  public int port() {
    return http.getAddress().getPort();
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
   * finish; queued writes are committed; then the index is closed (the server owns it from {@link
   * #start}). Idempotent.
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
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(graceSeconds);
      while (api.inFlight() > 0 && System.nanoTime() < deadline) {
        try {
          Thread.sleep(10);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          break;
        }
      }
      http.stop(0); // (the JDK 17 server waits the whole delay even when idle: none left to wait for)
      workers.shutdown();
      try {
        workers.awaitTermination(graceSeconds + 5L, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      writer.close();
      admin.close();
      directory.close();
      stopped = true;
      stopLock.notifyAll();
    }
  }

  @Override
  public void close() {
    stop(1);
  }

  private static ThreadFactory daemons(String prefix) {
    AtomicInteger count = new AtomicInteger();
    return runnable -> {
      Thread thread = new Thread(runnable, prefix + "-" + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }
}
