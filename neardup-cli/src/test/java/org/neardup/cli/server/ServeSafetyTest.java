package org.neardup.cli.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.cli.Main;

/** {@code neardup serve}'s own checks: a busy port, a readable token file, the allowed hosts. */
class ServeSafetyTest {
  @TempDir Path dir;

  @Test
  void aBusyPortLeavesNoIndexDirectoryBehind() throws Exception {
    Path data = dir.resolve("fresh");
    try (ServerSocket busy = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      StringWriter err = new StringWriter();
      int code =
          Main.run(
              new String[] {
                "serve", "--data", data.toString(), "--port", Integer.toString(busy.getLocalPort())
              },
              new PrintWriter(new StringWriter(), true),
              new PrintWriter(err, true));
      assertThat(code).as(err.toString()).isEqualTo(2);
      assertThat(err.toString()).contains("cannot listen on 127.0.0.1:" + busy.getLocalPort());
    }
    assertThat(data).doesNotExist();
  }

  @Test
  void aWorldReadableTokenFileIsWarnedAboutAndAllowedHostsAreAnswered() throws Exception {
    Path token = dir.resolve("token");
    Files.writeString(token, "s3cret\n");
    Files.setPosixFilePermissions(token, PosixFilePermissions.fromString("rw-r--r--"));
    try (ServerProcess server =
        ServerProcess.start(
            dir.resolve("data"),
            dir.resolve("serve.log"),
            "--token-file",
            token.toString(),
            "--allowed-host",
            "dedup.example")) {
      assertThat(Files.readString(server.log))
          .contains("warning: " + token + " can be read by other users");
      assertThat(status(server.port, "dedup.example:" + server.port)).isEqualTo(200);
      assertThat(status(server.port, "rebind.attacker.example:" + server.port)).isEqualTo(421);
    }
  }

  /** The status of {@code GET /health} sent with this {@code Host}. */
  private static int status(int port, String host) throws IOException {
    try (Socket socket = new Socket("127.0.0.1", port)) {
      socket.setSoTimeout(30_000);
      socket
          .getOutputStream()
          .write(
              ("GET /health HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n")
                  .getBytes(StandardCharsets.US_ASCII));
      InputStream in = socket.getInputStream();
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      in.transferTo(out);
      return Integer.parseInt(out.toString(StandardCharsets.US_ASCII).split(" ", 3)[1]);
    }
  }
}
