package org.neardup.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.client.ApiClient;
import org.neardup.client.ApiException;
import org.neardup.client.api.DocumentsApi;
import org.neardup.client.api.QueryApi;
import org.neardup.client.api.ServiceApi;
import org.neardup.client.model.AddResult;
import org.neardup.client.model.BatchResult;
import org.neardup.client.model.Document;
import org.neardup.client.model.Query;
import org.neardup.client.model.QueryResult;
import org.neardup.client.model.StoredDocument;
import org.neardup.index.SearchSettings;

/**
 * The Java client that openapi-generator makes from docs/openapi.yaml (the build generates and
 * compiles it; see this module's pom) against a live server with a token: every operation, and an
 * error of each, answers as the same request sent by hand does.
 */
class GeneratedClientTest {
  private static final String TOKEN = "s3cret-token";
  private static final String AD =
      "Sunny two-room flat near Termini station, 800 euro a month, furnished";

  @TempDir Path dir;

  @Test
  void aClientGeneratedFromTheSpecTalksToTheService() throws Exception {
    try (ServerFixture fixture =
        new ServerFixture(dir.resolve("data"), TOKEN, 64_000, new SearchSettings(0.3, 4))) {
      ApiClient client = new ApiClient();
      client.updateBaseUri("http://127.0.0.1:" + fixture.server.port());
      client.setRequestInterceptor(request -> request.header("Authorization", "Bearer " + TOKEN));
      DocumentsApi documents = new DocumentsApi(client);
      QueryApi query = new QueryApi(client);
      ServiceApi service = new ServiceApi(client);

      assertThat(service.getHealth().getStatus().getValue()).isEqualTo("ok");

      AddResult first =
          documents.addDocument(new Document().id("ad-1").text(AD), null, null, null, null);
      assertThat(first.getId()).isEqualTo("ad-1");
      assertThat(first.getDuplicates()).isEmpty();
      AddResult second =
          documents.addDocument(new Document().id("ad-2").text(AD + "!"), null, null, true, null);
      assertThat(second.getDuplicates()).extracting(d -> d.getId()).containsExactly("ad-1");
      assertThat(second.getDuplicates().get(0).getDiff()).isNotEmpty();

      List<BatchResult> batch =
          documents.addDocuments(
              List.of(
                  new Document().id("ad-3").text("Studio in Trastevere with terrace, 650 euro"),
                  new Document().id("ad-1").text("a clash with the first")),
              null,
              null,
              null);
      assertThat(batch)
          .extracting(BatchResult::getStatus)
          .containsExactly(BatchResult.StatusEnum.ADDED, BatchResult.StatusEnum.EXISTS);

      AddResult refused =
          documents.addDocument(new Document().id("ad-4").text(AD + "?"), null, true, null, null);
      assertThat(refused.getKept()).isFalse();
      assertThat(refused.getDuplicateOf().getId()).isIn("ad-1", "ad-2");
      assertProblem(() -> documents.getDocument("ad-4"), 404);

      Query text = new Query().text(AD + " - near the metro");
      QueryResult threshold = query.query(text, 5, null, null, null, null);
      assertSameAs(fixture, "/query?limit=5", text.getText(), client, threshold);
      QueryResult top = query.query(text, null, null, 2, null, null);
      assertThat(top.getDuplicates()).hasSize(2);
      assertSameAs(fixture, "/query?top=2", text.getText(), client, top);
      QueryResult topAtFloor = query.query(text, null, null, 2, new BigDecimal("0.5"), null);
      assertSameAs(fixture, "/query?top=2&floor=0.5", text.getText(), client, topAtFloor);
      QueryResult contained =
          query.query(
              new Query().text("Studio in Trastevere with terrace"),
              5,
              null,
              null,
              null,
              "containment");
      assertThat(contained.getDuplicates()).extracting(d -> d.getId()).contains("ad-3");
      assertSameAs(
          fixture,
          "/query?limit=5&measure=containment",
          "Studio in Trastevere with terrace",
          client,
          contained);

      StoredDocument stored = documents.getDocument("ad-3");
      assertThat(stored.getText()).isEqualTo("Studio in Trastevere with terrace, 650 euro");
      documents.deleteDocument("ad-3");

      // Errors: each operation's problem arrives as the client's exception, with the server's
      // status and body.
      assertProblem(() -> documents.getDocument("ad-3"), 404);
      assertProblem(() -> documents.deleteDocument("ad-3"), 404);
      assertProblem(
          () ->
              documents.addDocument(
                  new Document().id("ad-1").text("again"), null, null, null, null),
          409);
      assertProblem(
          () ->
              documents.addDocuments(
                  List.of(new Document().id("big").text("y".repeat(70_000))), null, null, null),
          413);
      assertProblem(() -> query.query(text, null, null, 0, null, null), 400);
      assertProblem(() -> query.query(text, null, null, 2, null, "containment"), 400);
      ApiClient anonymous = new ApiClient();
      anonymous.updateBaseUri("http://127.0.0.1:" + fixture.server.port());
      assertProblem(() -> new ServiceApi(anonymous).getStats(), 401);
      assertThat(service.getStats().getDocuments()).isEqualTo(2);
    }
  }

  /** The client's answer equals the same request sent by hand, field for field. */
  private static void assertSameAs(
      ServerFixture fixture, String pathAndQuery, String text, ApiClient client, QueryResult answer)
      throws Exception {
    HttpResponse<String> raw =
        fixture.post(
            pathAndQuery,
            "application/json",
            ServerFixture.JSON.writeValueAsString(java.util.Map.of("text", text)));
    assertThat(raw.statusCode()).isEqualTo(200);
    JsonNode expected = ServerFixture.JSON.readTree(raw.body());
    // Through text, so that the client's BigDecimal similarities compare as the numbers they are.
    JsonNode actual =
        ServerFixture.JSON.readTree(client.getObjectMapper().writeValueAsString(answer));
    assertThat(actual).isEqualTo(expected);
  }

  private interface Call {
    void run() throws ApiException;
  }

  private static void assertProblem(Call call, int status) throws Exception {
    ApiException problem = catchThrowableOfType(ApiException.class, call::run);
    assertThat(problem).as("expected a %d problem", status).isNotNull();
    assertThat(problem.getCode()).isEqualTo(status);
    JsonNode body = ServerFixture.JSON.readTree(problem.getResponseBody());
    assertThat(body.get("status").asInt()).isEqualTo(status);
    assertThat(body.get("detail").asText()).isNotBlank();
  }
}
