package org.neardup.server.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.ByteBuffer;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * The answers Jetty gives by itself, before a request reaches the {@link Api}: a malformed request
 * line, header or {@code Content-Length} (400), headers over the limit (431), a URI too long (414),
 * as {@code application/problem+json} like every other refusal, never Jetty's HTML page.
 */
final class ProblemErrorHandler extends ErrorHandler {
  private final ObjectMapper json = new ObjectMapper();

  @Override
  public boolean handle(Request request, Response response, Callback callback) {
    int status = response.getStatus() >= 400 ? response.getStatus() : 500;
    if (request.getAttribute(ERROR_STATUS) instanceof Integer code) {
      status = code;
    }
    String reason = HttpStatus.getMessage(status);
    String message =
        request.getAttribute(ERROR_MESSAGE) instanceof String text && !text.isBlank()
            ? text
            : reason;
    response.setStatus(status);
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, HttpCall.PROBLEM);
    response.getHeaders().put("X-Content-Type-Options", "nosniff");
    response.getHeaders().put(ERROR_CACHE_CONTROL);
    byte[] body = Problems.body(json, status, reason, "malformed request: " + message);
    response.write(true, ByteBuffer.wrap(body), callback);
    return true;
  }
}
