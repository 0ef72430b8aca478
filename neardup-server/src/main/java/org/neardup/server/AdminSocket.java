package org.neardup.server;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
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
  private final Path path;
  private final ServerSocketChannel channel;
  private final Thread acceptor;
  private volatile boolean running = true;

  private AdminSocket(
      Path path, ServerSocketChannel channel, IndexDirectory directory, Consumer<String> log) {
    this.path = path;
    this.channel = channel;
    this.acceptor = new Thread(() -> accept(directory, log), "neardup-admin");
    this.acceptor.setDaemon(true);
    this.acceptor.start();
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

  private void accept(IndexDirectory directory, Consumer<String> log) {
    if (channel == null) {
      return;
    }
    while (running) {
      try (SocketChannel client = channel.accept()) {
        BufferedReader in =
            new BufferedReader(
                new InputStreamReader(Channels.newInputStream(client), StandardCharsets.UTF_8));
        OutputStream out = Channels.newOutputStream(client);
        String request = in.readLine();
        String response =
            request == null ? "error empty request" : AdminCommand.execute(directory, request);
        out.write((response + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
      } catch (IOException e) {
        if (running) {
          log.accept("neardup: admin socket: " + e.getMessage());
        }
      }
    }
  }

  @Override
  public void close() {
    running = false;
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
  }
}
