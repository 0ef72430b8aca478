package org.neardup.streams.query;

/**
 * A query refused or failed, answered as {@code application/problem+json} (RFC 9457) with this
 * status and title, the message its detail.
 */
final class Problem extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final int status;
  private final String title;

  Problem(int status, String title, String detail) {
    super(detail);
    this.status = status;
    this.title = title;
  }

  static Problem badRequest(String detail) {
    return new Problem(400, "Bad request", detail);
  }

  /** The state cannot answer now (a rebalance, a restore, an instance away): ask again. */
  static Problem unavailable(String detail) {
    return new Problem(503, "Service unavailable", detail);
  }

  int status() {
    return status;
  }

  String title() {
    return title;
  }
}
