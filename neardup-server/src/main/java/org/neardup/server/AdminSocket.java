package org.neardup.server;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.neardup.server.store.IndexDirectory;

/**
 * Local administration of a running server through a Unix domain socket, {@code admin.sock} in the
 * data directory, readable and writable by the server's user only: how {@code neardup index
 * backup|stats|check --data DIR} reach an index that the server holds open (RocksDB lets one
 * process open it). Not an HTTP endpoint: no request over the network names a file. One command a
 * connection, one line each way ({@link AdminCommand}). Thread-safe.
 */
final class AdminSocket implements AutoCloseable {
  /** How long a connection may take to send its command line before it is closed. */
  static final long READ_TIMEOUT_MILLIS = 10_000;

  /** Connections served at once; more wait in a short queue, and beyond it are closed. */
  private static final int HANDLERS = 4;

  private final Path path;
  private final ServerSocketChannel channel;
  private final Thread acceptor;
  private final ThreadPoolExecutor handlers;
  private final ScheduledExecutorService deadlines;
  private final Object running = new Object(); // one command at a time
  private volatile boolean open = true;

  private AdminSocket(
      Path path, ServerSocketChannel channel, IndexDirectory directory, Consumer<String> log) {
    this.path = path;
    this.channel = channel;
    this.handlers =
        new ThreadPoolExecutor(
            HANDLERS,
            HANDLERS,
            0,
            TimeUnit.MILLISECONDS,
            new ArrayBlockingQueue<>(16),
            daemons("neardup-admin-connection"));
    this.deadlines = Executors.newSingleThreadScheduledExecutor(daemons("neardup-admin-timeout"));
    this.acceptor = new Thread(() -> accept(directory, log), "neardup-admin");
    this.acceptor.setDaemon(true);
    this.acceptor.start();
  }

  private static ThreadFactory daemons(String name) {
    return runnable -> {
      Thread thread = new Thread(runnable, name);
      thread.setDaemon(true);
      return thread;
    };
  }

  /** Listens on {@code admin.sock} in the directory; a failure is logged and leaves no socket. */
  static AdminSocket start(IndexDirectory directory, Consumer<String> log) {
    Path path = AdminCommand.socketOf(directory.directory());
    try {
      Files.deleteIfExists(
          path); // a stale socket of a killed server: the directory lock says none runs
      ServerSocketChannel channel = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
      channel.bind(UnixDomainSocketAddress.of(path));
      try {
        Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rw-------"));
      } catch (UnsupportedOperationException e) {
        // not a POSIX file system: the directory's own permissions apply
      }
      return new AdminSocket(path, channel, directory, log);
    } catch (IOException | UnsupportedOperationException e) {
      log.accept(
          "neardup: no admin socket ("
              + e.getMessage()
              + "): index backup/stats/check need the server stopped");
      return new AdminSocket(path, null, directory, log);
    }
  }

  /**
   * Takes connections and hands each to a handler: a client that connects and sends nothing holds
   * one handler until the read timeout, not the socket.
   */
  private void accept(IndexDirectory directory, Consumer<String> log) {
    if (channel == null) {
      return;
    }
    while (open) {
      SocketChannel client;
      try {
        client = channel.accept();
      } catch (IOException e) {
        if (open) {
          log.accept("neardup: admin socket: " + e.getMessage());
        }
        continue;
      }
      try {
        handlers.execute(() -> serve(client, directory, log));
      } catch (RejectedExecutionException e) {
        closeQuietly(client); // too many at once: this one gets no answer
      }
    }
  }

  /** Reads one command line (within the read timeout), runs it, answers one line. */
  private void serve(SocketChannel client, IndexDirectory directory, Consumer<String> log) {
    ScheduledFuture<?> timeout =
        deadlines.schedule(() -> closeQuietly(client), READ_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
    try (client) {
      BufferedReader in =
          new BufferedReader(
              new InputStreamReader(Channels.newInputStream(client), StandardCharsets.UTF_8));
      String request = in.readLine();
      if (!timeout.cancel(false)) {
        return; // timed out: closed
      }
      String response;
      synchronized (running) {
        response =
            request == null ? "error empty request" : AdminCommand.execute(directory, request);
      }
      OutputStream out = Channels.newOutputStream(client);
      out.write((response + "\n").getBytes(StandardCharsets.UTF_8));
      out.flush();
    } catch (AsynchronousCloseException e) {
      // the read timeout, or the socket closing: nothing to answer
    } catch (IOException e) {
      if (open) {
        log.accept("neardup: admin socket: " + e.getMessage());
      }
    } finally {
      timeout.cancel(false);
    }
  }

  private static void closeQuietly(SocketChannel client) {
    try {
      client.close();
    } catch (IOException e) {
      // closing: nothing more to do
    }
  }

  @Override
  public void close() {
    open = false;
    if (channel != null) {
      try {
        channel.close();
        acceptor.join(1000);
        Files.deleteIfExists(path);
      } catch (IOException e) {
        // the socket file is removed at the next start
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    handlers.shutdownNow();
    deadlines.shutdownNow();
  }
}
