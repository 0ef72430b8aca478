package org.neardup.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.neardup.server.ServerFixture.json;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The web page and its assets over plain HTTP: content types, the security and caching headers,
 * nothing fetched from elsewhere, no inline script, and no token needed for these static files.
 */
class PageTest {
  private static final Map<String, String> ASSETS =
      Map.of(
          "/assets/neardup.js", "text/javascript; charset=utf-8",
          "/assets/neardup.css", "text/css; charset=utf-8",
          "/assets/icon.svg", "image/svg+xml");

  @TempDir Path dir;

  @Test
  void thePageAndItsAssetsAreServedWithTheirTypesAndSecurityHeaders() throws Exception {
    try (ServerFixture fixture = new ServerFixture(dir.resolve("data"), null, 1 << 20)) {
      HttpResponse<String> page = fixture.get("/");
      assertThat(page.statusCode()).isEqualTo(200);
      assertStaticHeaders(page, "text/html; charset=utf-8");
      for (Map.Entry<String, String> asset : ASSETS.entrySet()) {
        HttpResponse<String> response = fixture.get(asset.getKey());
        assertThat(response.statusCode()).as(asset.getKey()).isEqualTo(200);
        assertStaticHeaders(response, asset.getValue());
        assertThat(page.body()).contains("\"" + asset.getKey() + "\"");
      }
    }
  }

  private static void assertStaticHeaders(HttpResponse<String> response, String contentType) {
    assertThat(response.headers().firstValue("Content-Type")).contains(contentType);
    assertThat(response.headers().firstValue("X-Content-Type-Options")).contains("nosniff");
    assertThat(response.headers().firstValue("Cache-Control")).contains("no-cache");
    assertThat(response.headers().firstValue("ETag").orElse("")).matches("\"[0-9a-f]{24}\"");
    String policy = response.headers().firstValue("Content-Security-Policy").orElse("");
    assertThat(policy)
        .contains(
            "default-src 'none'",
            "script-src 'self'",
            "style-src 'self'",
            "connect-src 'self'",
            "frame-ancestors 'none'")
        .doesNotContain("unsafe");
  }

  @Test
  void aBrowserHoldingTheFileIsToldItIsUnchanged() throws Exception {
    try (ServerFixture fixture = new ServerFixture(dir.resolve("data"), null, 1 << 20)) {
      for (String path : List.of("/", "/assets/neardup.js")) {
        String etag = fixture.get(path).headers().firstValue("ETag").orElseThrow();
        HttpResponse<String> again =
            fixture.send(fixture.request(path).header("If-None-Match", etag).GET().build());
        assertThat(again.statusCode()).as(path).isEqualTo(304);
        assertThat(again.body()).isEmpty();
        HttpResponse<String> other =
            fixture.send(fixture.request(path).header("If-None-Match", "\"other\"").GET().build());
        assertThat(other.statusCode()).as(path).isEqualTo(200);
      }
    }
  }

  /**
   * Works offline and obeys its own policy: the page loads only its own files, has no inline
   * script, style or event handler, and the style sheet imports nothing.
   */
  @Test
  void thePageNeedsNothingFromElsewhereAndHasNoInlineCode() throws Exception {
    try (ServerFixture fixture = new ServerFixture(dir.resolve("data"), null, 1 << 20)) {
      String html = fixture.get("/").body();
      String css = fixture.get("/assets/neardup.css").body();
      String js = fixture.get("/assets/neardup.js").body();
      String svg = fixture.get("/assets/icon.svg").body();
      for (String text :
          List.of(html, css, js, svg.replace("xmlns=\"http://www.w3.org/2000/svg\"", ""))) {
        assertThat(text)
            .doesNotContainPattern("(?i)https?:")
            .doesNotContain("//cdn")
            .doesNotContainPattern("src=\"//");
      }
      assertThat(css).doesNotContain("@import").doesNotContain("url(").doesNotContain("@font-face");
      Matcher scripts =
          Pattern.compile("<script([^>]*)>(.*?)</script>", Pattern.DOTALL).matcher(html);
      int count = 0;
      while (scripts.find()) {
        count++;
        assertThat(scripts.group(1)).contains("src=\"/assets/neardup.js\"");
        assertThat(scripts.group(2)).isBlank();
      }
      assertThat(count).isEqualTo(1);
      assertThat(html)
          .doesNotContainPattern("(?i)\\son[a-z]+=")
          .doesNotContainPattern("(?i)\\sstyle=")
          .doesNotContain("<style");
      assertThat(js)
          .doesNotContain("innerHTML")
          .doesNotContain("outerHTML")
          .doesNotContain("insertAdjacentHTML")
          .doesNotContain("document.write")
          .doesNotContain("eval(");
    }
  }

  @Test
  void thePageNeedsNoTokenButTheApiItCallsDoes() throws Exception {
    try (ServerFixture fixture = new ServerFixture(dir.resolve("data"), "s3cret", 1 << 20)) {
      for (String path :
          List.of("/", "/assets/neardup.js", "/assets/neardup.css", "/assets/icon.svg")) {
        assertThat(
                fixture.send(HttpRequest.newBuilder(fixture.uri(path)).GET().build()).statusCode())
            .as(path)
            .isEqualTo(200);
      }
      HttpResponse<String> stats =
          fixture.send(HttpRequest.newBuilder(fixture.uri("/stats")).GET().build());
      assertThat(stats.statusCode()).isEqualTo(401);
      assertThat(stats.headers().firstValue("X-Content-Type-Options")).contains("nosniff");
    }
  }

  @Test
  void otherPathsAndMethodsStayProblems() throws Exception {
    try (ServerFixture fixture = new ServerFixture(dir.resolve("data"), null, 1 << 20)) {
      for (String path :
          List.of("/assets/nothing.js", "/assets/index.html", "/index.html", "/assets/")) {
        HttpResponse<String> response = fixture.get(path);
        assertThat(response.statusCode()).as(path).isEqualTo(404);
        assertThat(response.headers().firstValue("Content-Type"))
            .contains("application/problem+json");
        assertThat(json(response).get("title").asText()).isEqualTo("Not found");
      }
      HttpResponse<String> post = fixture.post("/", "application/json", "{}");
      assertThat(post.statusCode()).isEqualTo(405);
      assertThat(json(post).get("detail").asText()).contains("allowed: GET");
      assertThat(fixture.send(fixture.request("/assets/neardup.js").DELETE().build()).statusCode())
          .isEqualTo(405);
    }
  }
}
