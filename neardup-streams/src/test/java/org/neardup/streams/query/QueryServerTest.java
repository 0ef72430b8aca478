package org.neardup.streams.query;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The query server over real sockets, before it serves an application: it reads and checks each
 * request, then answers 503 "the stream is starting".
 */
class QueryServerTest {
  static {
    // The JDK's server reads it once, when it first starts in this JVM: a short request time makes
    // the slow-client test short. No other test of this module starts the JDK's server.
    if (System.getProperty(QueryServer.MAX_REQUEST_SECONDS) == null) {
      System.setProperty(QueryServer.MAX_REQUEST_SECONDS, "2");
    }
  }

  /** How long a client waits for an answer before the test fails: a bound, not a measurement. */
  private static final int ANSWER_WAIT_MILLIS = 120_000;

  private QueryServer server;
  private final List<Socket> sockets = new ArrayList<>();

  @BeforeEach
  void listen() throws IOException {
    server = QueryServer.listen("127.0.0.1", 0);
  }

  @AfterEach
  void close() throws IOException {
    for (Socket socket : sockets) {
      socket.close();
    }
    server.close();
  }

  private Socket connect() throws IOException {
    Socket socket = new Socket();
    sockets.add(socket);
    socket.connect(new InetSocketAddress("127.0.0.1", server.address().port()));
    socket.setSoTimeout(ANSWER_WAIT_MILLIS);
    return socket;
  }

  private static String head(String path, String type, long length) {
    return "POST "
        + path
        + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
        + type
        + "\r\nContent-Length: "
        + length
        + "\r\n\r\n";
  }

  /** The status line and body of the answer to {@code body} on a new connection. */
  private String ask(String path, String type, byte[] body) throws IOException {
    Socket socket = connect();
    OutputStream out = socket.getOutputStream();
    out.write(head(path, type, body.length).getBytes(StandardCharsets.US_ASCII));
    out.write(body);
    out.flush();
    return answer(socket);
  }

  private static String answer(Socket socket) throws IOException {
    InputStream in = socket.getInputStream();
    ByteArrayOutputStream read = new ByteArrayOutputStream();
    byte[] buffer = new byte[8192];
    int length = -1;
    while (true) {
      int n = in.read(buffer);
      if (n < 0) {
        break;
      }
      read.write(buffer, 0, n);
      String text = read.toString(StandardCharsets.UTF_8);
      int end = text.indexOf("\r\n\r\n");
      if (end >= 0) {
        if (length < 0) {
          for (String line : text.substring(0, end).split("\r\n", -1)) {
            if (line.toLowerCase(java.util.Locale.ROOT).startsWith("content-length:")) {
              length = Integer.parseInt(line.substring(15).trim());
            }
          }
        }
        if (read.size() >= end + 4 + Math.max(length, 0)) {
          return text.substring(0, text.indexOf("\r\n")) + "\n" + text.substring(end + 4);
        }
      }
    }
    return read.toString(StandardCharsets.UTF_8);
  }

  private static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void aBodyWithALargeUnknownPaddingFieldIsAnswered() throws IOException {
    StringBuilder body = new StringBuilder("{\"text\": \"hello world\", \"pad\": [");
    for (int i = 0; i < 200_000; i++) {
      body.append(i == 0 ? "{}" : ",{}");
    }
    body.append("]}");
    String answer = ask("/query", "application/json", utf8(body.toString()));
    assertThat(answer).startsWith("HTTP/1.1 503").contains("the stream is starting");
  }

  @Test
  void keepsItsRefusals() throws IOException {
    assertThat(ask("/query", "application/json", utf8("{\"text\": \"x\", \"text\": \"y\"}")))
        .startsWith("HTTP/1.1 400")
        .contains("invalid JSON");
    assertThat(ask("/query", "application/json", utf8("{\"text\": ")))
        .startsWith("HTTP/1.1 400")
        .contains("invalid JSON");
    assertThat(ask("/kept", "application/json", utf8("[{}, {}]")))
        .startsWith("HTTP/1.1 400")
        .contains("expected a JSON object");
    assertThat(ask("/query", "text/plain", utf8("{\"text\": \"x\"}"))).startsWith("HTTP/1.1 415");
    assertThat(ask("/query", "application/json", new byte[QueryServer.MAX_BODY_BYTES + 1]))
        .startsWith("HTTP/1.1 413");
  }

  @Test
  void clientsThatSendNoBodyDoNotHoldTheThreadsBeyondTheRequestTime() throws IOException {
    List<Socket> stalled = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      Socket socket = connect();
      socket
          .getOutputStream()
          .write(head("/query", "application/json", 100).getBytes(StandardCharsets.US_ASCII));
      socket.getOutputStream().flush();
      stalled.add(socket);
    }
    // Eight connections wait on bodies that never come, twice the server's four threads: the
    // request time closes each (the JDK's server counts it from when it takes the connection,
    // queueing included), which frees the threads for the next client.
    for (Socket socket : stalled) {
      try {
        assertThat(socket.getInputStream().read())
            .as("a stalled connection is closed")
            .isEqualTo(-1);
      } catch (SocketTimeoutException e) {
        throw new AssertionError("a connection without a body is still open", e);
      } catch (IOException reset) {
        // closed by the server: a reset is a close too
      }
    }
    String answer = ask("/query", "application/json", utf8("{\"text\": \"hello world\"}"));
    assertThat(answer).startsWith("HTTP/1.1 503").contains("the stream is starting");
  }
}
