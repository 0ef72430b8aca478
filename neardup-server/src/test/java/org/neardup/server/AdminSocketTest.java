package org.neardup.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Clients of the admin socket that connect and send nothing keep no other from its answer: {@code
 * index stats|check|backup} of a running server are answered meanwhile.
 */
class AdminSocketTest {
  @TempDir Path dir;

  @Test
  void silentConnectionsDoNotHoldTheCommandsOfOthers() throws Exception {
    Path data = dir.resolve("data");
    try (ServerFixture fixture = new ServerFixture(data, null, 1 << 20)) {
      List<SocketChannel> silent = new ArrayList<>();
      try {
        for (int i = 0; i < 3; i++) {
          SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
          channel.connect(UnixDomainSocketAddress.of(AdminCommand.socketOf(data)));
          silent.add(channel); // connected, sending nothing
        }
        CompletableFuture<Optional<String>> stats =
            CompletableFuture.supplyAsync(
                () -> {
                  try {
                    return AdminCommand.send(data, "stats");
                  } catch (Exception e) {
                    throw new IllegalStateException(e);
                  }
                });
        Optional<String> answer =
            stats.get(AdminSocket.READ_TIMEOUT_MILLIS / 2, TimeUnit.MILLISECONDS);
        assertThat(answer).isPresent();
        assertThat(answer.get()).startsWith("ok {").contains("\"documents\":0");
        Optional<String> backup =
            AdminCommand.send(data, "backup " + dir.resolve("copy").toAbsolutePath());
        assertThat(backup).contains("ok {}");
      } finally {
        for (SocketChannel channel : silent) {
          channel.close();
        }
      }
    }
  }
}
