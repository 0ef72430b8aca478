package org.neardup.server.http;

/**
 * A request the service refuses, answered as {@code application/problem+json} (RFC 9457) with this
 * status, title and detail (and, for a 405, the {@code Allow} header).
 */
final class ApiException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final int status;
  private final String title;
  private final String allow;

  ApiException(int status, String title, String detail) {
    this(status, title, detail, null);
  }

  private ApiException(int status, String title, String detail, String allow) {
    super(detail);
    this.status = status;
    this.title = title;
    this.allow = allow;
  }

  int status() {
    return status;
  }

  String title() {
    return title;
  }

  /** The methods of a 405's {@code Allow} header, else null. */
  String allow() {
    return allow;
  }

  static ApiException badRequest(String detail) {
    return new ApiException(400, "Bad request", detail);
  }

  static ApiException notFound(String detail) {
    return new ApiException(404, "Not found", detail);
  }

  /** 405 with {@code Allow: allow} (comma-separated methods). */
  static ApiException methodNotAllowed(String detail, String allow) {
    return new ApiException(405, "Method not allowed", detail, allow);
  }
}
