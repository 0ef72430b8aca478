package org.neardup.server;

import java.util.List;
import java.util.Objects;

/**
 * How the service listens and what it accepts.
 *
 * @param host the address to bind (127.0.0.1 unless told otherwise)
 * @param port the port, 0 for any free one
 * @param token the bearer token every endpoint but {@code /health} requires, or null for none
 * @param maxBodyBytes largest request body accepted (413 beyond)
 * @param threads threads serving requests
 * @param preloadTopK whether to load the top-k floor at start ({@link TopKPreload}) rather than on
 *     the first top-k query
 * @param allowedHosts names (or addresses) accepted in the {@code Host} header besides the loopback
 *     ones and {@code host} (a foreign one is refused: DNS rebinding)
 * @param limits timeouts and caps of the HTTP connections
 */
public record ServerConfig(
    String host,
    int port,
    String token,
    long maxBodyBytes,
    int threads,
    boolean preloadTopK,
    List<String> allowedHosts,
    HttpLimits limits) {
  /** The default body limit: 16 MiB. */
  public static final long DEFAULT_MAX_BODY = 16L << 20;

  public ServerConfig {
    Objects.requireNonNull(host, "host");
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("port must be in [0, 65535], got " + port);
    }
    if (token != null && token.isBlank()) {
      throw new IllegalArgumentException("the token is empty");
    }
    if (maxBodyBytes < 1) {
      throw new IllegalArgumentException(
          "the body limit must be at least 1 byte, got " + maxBodyBytes);
    }
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be at least 1, got " + threads);
    }
    allowedHosts = List.copyOf(allowedHosts);
    for (String name : allowedHosts) {
      if (name.isBlank()) {
        throw new IllegalArgumentException("an allowed host is empty");
      }
    }
    Objects.requireNonNull(limits, "limits");
  }

  /** No more allowed hosts than the loopback ones and {@code host}, the default limits. */
  public ServerConfig(
      String host, int port, String token, long maxBodyBytes, int threads, boolean preloadTopK) {
    this(host, port, token, maxBodyBytes, threads, preloadTopK, List.of(), HttpLimits.DEFAULTS);
  }

  /**
   * Loopback, the given port, no token, 16 MiB bodies, 32 threads, the top-k floor loaded at start.
   */
  public static ServerConfig local(int port) {
    return new ServerConfig("127.0.0.1", port, null, DEFAULT_MAX_BODY, 32, true);
  }

  /** This configuration with {@code limits}. */
  public ServerConfig withLimits(HttpLimits limits) {
    return new ServerConfig(
        host, port, token, maxBodyBytes, threads, preloadTopK, allowedHosts, limits);
  }
}
