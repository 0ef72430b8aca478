package org.neardup.server;

import java.time.Duration;
import java.util.Objects;

/**
 * What bounds the service's HTTP connections, so that slow, idle or many clients cannot stall the
 * others or exhaust the process (docs/server.md, "Limits"). Slow and idle connections hold no
 * thread: the server reads headers and bodies and writes answers without one, and a request thread
 * only runs once a request's headers are in, and again once its body is.
 *
 * @param maxConnections open connections at most; beyond, a new one closes the connection idle
 *     longest without a request in progress, or is closed itself when there is none
 * @param headerTimeout the time from a request's first byte to the end of its headers (the
 *     connection is closed beyond: a client dribbling its headers)
 * @param bodyTimeout the time to read a whole request body (the connection is closed beyond)
 * @param idleTimeout a connection with nothing sent or received for this long is closed, between
 *     requests and within one
 * @param requestTimeout the time a request may take from its headers to the start of its answer
 *     (the connection is closed beyond; an answer being streamed, such as a batch's results, is
 *     bounded by the idle timeout instead)
 * @param maxHeaderBytes the request line and headers at most (431 beyond)
 * @param queuedRequests requests waiting for a thread at most (their connections are closed beyond)
 */
public record HttpLimits(
    int maxConnections,
    Duration headerTimeout,
    Duration bodyTimeout,
    Duration idleTimeout,
    Duration requestTimeout,
    int maxHeaderBytes,
    int queuedRequests) {
  /**
   * 4,096 connections, 10 s headers, 60 s bodies, 30 s idle, 120 s a request, 16 KiB headers, 1,024
   * queued.
   */
  public static final HttpLimits DEFAULTS =
      new HttpLimits(
          4096,
          Duration.ofSeconds(10),
          Duration.ofSeconds(60),
          Duration.ofSeconds(30),
          Duration.ofSeconds(120),
          16 << 10,
          1024);

  public HttpLimits {
    positive("maxConnections", maxConnections);
    positive("maxHeaderBytes", maxHeaderBytes);
    positive("queuedRequests", queuedRequests);
    positive("headerTimeout", headerTimeout);
    positive("bodyTimeout", bodyTimeout);
    positive("idleTimeout", idleTimeout);
    positive("requestTimeout", requestTimeout);
  }

  private static void positive(String name, int value) {
    if (value < 1) {
      throw new IllegalArgumentException(name + " must be at least 1, got " + value);
    }
  }

  private static void positive(String name, Duration value) {
    Objects.requireNonNull(value, name);
    if (value.toMillis() < 1) {
      throw new IllegalArgumentException(name + " must be at least 1 ms, got " + value);
    }
  }
}
