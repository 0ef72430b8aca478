package org.neardup.server.http;

/**
 * A request the service refuses, answered as {@code application/problem+json} (RFC 9457) with
 * this status, title and detail.
 */
final class ApiException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final int status;
  private final String title;

  ApiException(int status, String title, String detail) {
    super(detail);
    this.status = status;
    this.title = title;
  }

  int status() {
    return status;
  }

  String title() {
    return title;
  }

  static ApiException badRequest(String detail) {
    return new ApiException(400, "Bad request", detail);
  }

  static ApiException notFound(String detail) {
    return new ApiException(404, "Not found", detail);
  }
}
