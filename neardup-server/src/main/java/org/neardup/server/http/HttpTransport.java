package org.neardup.server.http;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.eclipse.jetty.http.UriCompliance;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.BlockingArrayQueue;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.neardup.server.HttpLimits;
import org.neardup.server.ServerConfig;

/**
 * The HTTP server in front of the {@link Api}: Jetty (its core API, HTTP/1.1), with the {@link
 * HttpLimits}: a connection cap and a header timeout ({@link ConnectionGuard}), an idle timeout, a
 * header size limit, a bounded thread pool and request queue, and problem+json for the errors Jetty
 * answers itself ({@link ProblemErrorHandler}). The body limit, budget and timeout and the request
 * timeout are the {@link Api}'s ({@link HttpCall}, {@link BodyReader}). Requests run on the pool's
 * threads; reading headers and bodies, writing answers ({@link HttpCall}) and waiting on idle
 * connections takes none.
 */
public final class HttpTransport {
  /** Jetty's own threads besides the request threads: one acceptor, one selector, and two spare. */
  private static final int OWN_THREADS = 4;

  private final Server server;
  private final ServerConnector connector;
  private final ConnectionGuard guard;

  private HttpTransport(Server server, ServerConnector connector, ConnectionGuard guard) {
    this.server = server;
    this.connector = connector;
    this.guard = guard;
  }

  /**
   * Listens on {@code config}'s address and serves {@code api}.
   *
   * @throws UncheckedIOException when the address cannot be bound
   */
  public static HttpTransport start(Api api, ServerConfig config) {
    HttpLimits limits = config.limits();
    QueuedThreadPool threads =
        new QueuedThreadPool(
            config.threads() + OWN_THREADS,
            Math.min(8, config.threads()),
            60_000,
            0,
            new BlockingArrayQueue<>(limits.queuedRequests()),
            null);
    threads.setName("neardup-http");
    threads.setDaemon(true);
    Server server = new Server(threads);
    HttpConfiguration http = new HttpConfiguration();
    http.setSendServerVersion(false);
    http.setRequestHeaderSize(limits.maxHeaderBytes());
    http.setIdleTimeout(limits.idleTimeout().toMillis());
    // Ids are percent-encoded path segments, '/' as %2F: the Api decodes the raw path itself.
    http.setUriCompliance(UriCompliance.UNSAFE);
    ServerConnector connector = new ServerConnector(server, 1, 1, new HttpConnectionFactory(http));
    connector.setHost(config.host());
    connector.setPort(config.port());
    connector.setIdleTimeout(limits.idleTimeout().toMillis());
    connector.setAcceptQueueSize(1024);
    ConnectionGuard guard =
        new ConnectionGuard(limits.maxConnections(), limits.headerTimeout().toMillis());
    connector.addEventListener(guard);
    server.addConnector(connector);
    server.setErrorHandler(new ProblemErrorHandler());
    server.setHandler(api);
    server.setStopTimeout(0);
    try {
      server.start();
    } catch (IOException e) {
      stopQuietly(server);
      throw new UncheckedIOException(
          "cannot listen on " + config.host() + ":" + config.port() + ": " + e.getMessage(), e);
    } catch (Exception e) {
      stopQuietly(server);
      throw new IllegalStateException("cannot start the HTTP server: " + e.getMessage(), e);
    }
    guard.start(
        server.getScheduler(), Math.max(50, Math.min(1000, limits.headerTimeout().toMillis() / 4)));
    return new HttpTransport(server, connector, guard);
  }

  /** The port listened on (the one got, when asked for port 0). */
  public int port() {
    return connector.getLocalPort();
  }

  /** Connections open now. */
  public int connections() {
    return guard.open();
  }

  /**
   * Stops listening and closes every connection (requests in flight are the caller's to wait for).
   */
  public void stop() {
    guard.stop();
    stopQuietly(server);
  }

  private static void stopQuietly(Server server) {
    try {
      server.stop();
    } catch (Exception e) {
      // stopping: nothing left to do with a failure
    }
  }
}
