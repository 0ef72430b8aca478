package org.neardup.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Requests written byte for byte on a socket, as a hostile or broken client sends them (a foreign
 * {@code Host}, a garbage request line, a negative {@code Content-Length}), which {@code
 * java.net.http} refuses to send; and the answer read until the server closes.
 */
final class RawHttp {
  /** An answer: its status, its headers as one lower-cased block, its body. */
  record Answer(int status, String headers, String body) {
    boolean hasHeader(String line) {
      return headers.contains(line.toLowerCase(Locale.ROOT));
    }
  }

  private RawHttp() {}

  /** Sends {@code request} (ASCII, CRLFs included) to the port, then reads the answer until EOF. */
  static Answer send(int port, String request) throws IOException {
    return send(port, request.getBytes(StandardCharsets.ISO_8859_1));
  }

  static Answer send(int port, byte[] request) throws IOException {
    try (Socket socket = new Socket("127.0.0.1", port)) {
      socket.getOutputStream().write(request);
      socket.getOutputStream().flush();
      return read(socket);
    }
  }

  /** The answer on {@code socket}, read until the server closes (within 30 s). */
  static Answer read(Socket socket) throws IOException {
    socket.setSoTimeout(30_000);
    InputStream in = socket.getInputStream();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] buffer = new byte[8192];
    try {
      for (int n; (n = in.read(buffer)) >= 0; ) {
        out.write(buffer, 0, n);
      }
    } catch (java.net.SocketException e) {
      // reset after the answer (the server closed with unread bytes): what came is the answer
    }
    String text = out.toString(StandardCharsets.UTF_8);
    int end = text.indexOf("\r\n\r\n");
    if (end < 0) {
      throw new IOException("no HTTP answer: '" + text + "'");
    }
    String head = text.substring(0, end);
    int status = Integer.parseInt(head.split(" ", 3)[1]);
    return new Answer(status, head.toLowerCase(Locale.ROOT), text.substring(end + 4));
  }
}
