package org.neardup.server.http;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.jetty.http.HttpParser;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.IdleTimeout;
import org.eclipse.jetty.server.internal.HttpConnection;
import org.eclipse.jetty.util.thread.Scheduler;

/**
 * Watches the open connections: at the cap, closes the idlest connection without a request in
 * progress to make room for a new one (or the new one, when every connection is busy), and closes a
 * connection whose request headers are not in whole within the header timeout (a client sending a
 * byte every few seconds, which Jetty's idle timeout alone would let go on). The headers are read
 * without a thread; this is what bounds how long they may take. Thread-safe.
 */
final class ConnectionGuard implements Connection.Listener {
  private final int maxConnections;
  private final long headerTimeoutNanos;
  private final AtomicInteger open = new AtomicInteger();

  /** Each open connection and, while it is in the middle of a request's headers, since when. */
  private final Map<Connection, HeaderStart> connections = new ConcurrentHashMap<>();

  private volatile Scheduler.Task scan;

  /**
   * A request's headers being read: the connection's request count then, and the time first seen.
   */
  private record HeaderStart(long messagesIn, long nanos) {
    static final HeaderStart NONE = new HeaderStart(-1, 0);
  }

  ConnectionGuard(int maxConnections, long headerTimeoutMillis) {
    this.maxConnections = maxConnections;
    this.headerTimeoutNanos = TimeUnit.MILLISECONDS.toNanos(headerTimeoutMillis);
  }

  /** Connections open (the ones closed for the cap included until they are gone). */
  int open() {
    return open.get();
  }

  /**
   * At the cap, makes room by closing the connection that has waited longest without a byte among
   * those with no request in progress (idle, or still sending headers); when every connection has a
   * request in progress, closes the new one instead.
   */
  @Override
  public void onOpened(Connection connection) {
    if (open.incrementAndGet() > maxConnections) {
      Connection idlest = idlest();
      while (idlest != null && connections.remove(idlest) == null) { // taken by another opening
        idlest = idlest();
      }
      if (idlest == null) {
        connection.getEndPoint().close();
        return;
      }
      idlest.getEndPoint().close();
    }
    connections.put(connection, HeaderStart.NONE);
  }

  /** The time since {@code connection} last sent or received a byte, or since it opened. */
  private static long idleFor(Connection connection) {
    return connection.getEndPoint() instanceof IdleTimeout timeout
        ? timeout.getIdleFor()
        : System.currentTimeMillis() - connection.getEndPoint().getCreatedTimeStamp();
  }

  /** The open connection without a request in progress that has been idle longest, or null. */
  private Connection idlest() {
    Connection idlest = null;
    long longest = -1;
    for (Connection connection : connections.keySet()) {
      if (connection instanceof HttpConnection http
          && http.getParser().inHeaderState()
          && connection.getEndPoint().isOpen()
          && idleFor(connection) > longest) {
        idlest = connection;
        longest = idleFor(connection);
      }
    }
    return idlest;
  }

  @Override
  public void onClosed(Connection connection) {
    open.decrementAndGet();
    connections.remove(connection);
  }

  /**
   * Checks the headers being read every {@code periodMillis} ms, on {@code scheduler}, until {@link
   * #stop}.
   */
  void start(Scheduler scheduler, long periodMillis) {
    scan =
        scheduler.schedule(
            () -> {
              closeSlowHeaders(System.nanoTime());
              if (scan != null) {
                start(scheduler, periodMillis);
              }
            },
            periodMillis,
            TimeUnit.MILLISECONDS);
  }

  void stop() {
    Scheduler.Task task = scan;
    scan = null;
    if (task != null) {
      task.cancel();
    }
  }

  private void closeSlowHeaders(long now) {
    for (Map.Entry<Connection, HeaderStart> entry : connections.entrySet()) {
      Connection connection = entry.getKey();
      if (!(connection instanceof HttpConnection http)) {
        continue;
      }
      HttpParser parser = http.getParser();
      if (!parser.inHeaderState() || parser.isStart()) {
        entry.setValue(
            HeaderStart.NONE); // idle between requests (the idle timeout's), or past the headers
        continue;
      }
      HeaderStart start = entry.getValue();
      long messages = connection.getMessagesIn();
      if (start.messagesIn() != messages) {
        entry.setValue(new HeaderStart(messages, now));
      } else if (now - start.nanos() > headerTimeoutNanos) {
        connection.getEndPoint().close();
      }
    }
  }
}
