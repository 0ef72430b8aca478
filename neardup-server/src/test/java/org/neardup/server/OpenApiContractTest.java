package org.neardup.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.index.SearchSettings;

/**
 * docs/openapi.yaml against the running server: every operation it documents is called, every
 * status the server answers is one the document lists for that operation, and every JSON body
 * matches the schema documented for its status (required properties, types, enums).
 */
class OpenApiContractTest {
  private static final Path SPEC =
      Path.of(System.getProperty("neardup.repo.root", ".."), "docs", "openapi.yaml");

  @TempDir Path dir;

  private record Call(
      String operation, String method, String path, String contentType, String body) {}

  @Test
  void theServerAnswersAsTheOpenApiDocumentSays() throws Exception {
    JsonNode spec = new ObjectMapper(new YAMLFactory()).readTree(Files.readString(SPEC));
    String ad = "Sunny two-room flat near Termini station, 800 euro a month, furnished";
    List<Call> calls =
        List.of(
            new Call(
                "/documents",
                "POST",
                "/documents",
                "application/json",
                "{\"id\": \"a\", \"text\": \"" + ad + "\"}"),
            new Call(
                "/documents",
                "POST",
                "/documents",
                "application/json",
                "{\"id\": \"b\", \"text\": \"" + ad + "!\"}"),
            new Call(
                "/documents",
                "POST",
                "/documents",
                "application/json",
                "{\"id\": \"a\", \"text\": \"x\"}"),
            new Call(
                "/documents",
                "POST",
                "/documents?upsert=true",
                "application/json",
                "{\"id\": \"a\", \"text\": \"" + ad + "\"}"),
            new Call(
                "/documents",
                "POST",
                "/documents?diff=true",
                "application/json",
                "{\"id\": \"e\", \"text\": \"" + ad + "?\"}"),
            new Call(
                "/documents",
                "POST",
                "/documents?unique=true",
                "application/json",
                "{\"id\": \"u\", \"text\": \"" + ad + ".\"}"),
            new Call(
                "/documents",
                "POST",
                "/documents?unique=true",
                "application/json",
                "{\"id\": \"v\", \"text\": \"a new one\"}"),
            new Call("/documents", "POST", "/documents", "application/json", "{\"id\": 3}"),
            new Call("/documents", "POST", "/documents", "text/plain", "x"),
            new Call(
                "/documents",
                "POST",
                "/documents",
                "application/json",
                "{\"id\": \"big\", \"text\": \"" + "y".repeat(70_000) + "\"}"),
            new Call(
                "/documents:batch",
                "POST",
                "/documents:batch",
                "application/json",
                "[{\"id\": \"c\", \"text\": \""
                    + ad
                    + "\"}, {\"id\": \"\"}, {\"id\": \"a\", \"text\": \"z\"}]"),
            new Call(
                "/documents:batch",
                "POST",
                "/documents:batch",
                "application/x-ndjson",
                "{\"id\": \"d\", \"text\": \"q r s\"}\n"),
            new Call(
                "/documents:batch",
                "POST",
                "/documents:batch?unique=true",
                "application/json",
                "[{\"id\": \"w\", \"text\": \""
                    + ad
                    + ",\"}, {\"id\": \"x\", \"text\": \"t u v w\"}]"),
            new Call(
                "/documents:batch",
                "POST",
                "/documents:batch",
                "application/json",
                "{\"not\": \"an array\"}"),
            new Call("/documents/{id}", "GET", "/documents/a", null, null),
            new Call("/documents/{id}", "GET", "/documents/none", null, null),
            new Call("/documents/{id}", "DELETE", "/documents/d", null, null),
            new Call("/documents/{id}", "DELETE", "/documents/d", null, null),
            new Call(
                "/query",
                "POST",
                "/query?limit=5",
                "application/json",
                "{\"text\": \"" + ad + "\"}"),
            new Call(
                "/query",
                "POST",
                "/query?diff=true",
                "application/json",
                "{\"text\": \"" + ad + " - furnished\"}"),
            new Call(
                "/query", "POST", "/query?top=3", "application/json", "{\"text\": \"" + ad + "\"}"),
            new Call(
                "/query",
                "POST",
                "/query?measure=containment&limit=5",
                "application/json",
                "{\"text\": \"" + ad + "\"}"),
            new Call(
                "/query",
                "POST",
                "/query?top=3&measure=containment",
                "application/json",
                "{\"text\": \"" + ad + "\"}"),
            new Call("/query", "POST", "/query", "application/json", "{\"txt\": \"x\"}"),
            new Call("/", "GET", "/", null, null),
            new Call("/assets/{name}", "GET", "/assets/neardup.js", null, null),
            new Call("/assets/{name}", "GET", "/assets/neardup.css", null, null),
            new Call("/assets/{name}", "GET", "/assets/none.js", null, null),
            new Call("/health", "GET", "/health", null, null),
            new Call("/stats", "GET", "/stats", null, null),
            new Call("/metrics", "GET", "/metrics", null, null));
    Set<String> exercised = new HashSet<>();
    try (ServerFixture fixture =
        new ServerFixture(dir.resolve("data"), null, 64_000, new SearchSettings(0.3, 4))) {
      for (Call call : calls) {
        HttpRequest.Builder request = fixture.request(call.path());
        if (call.body() != null) {
          request
              .header("Content-Type", call.contentType())
              .method(call.method(), HttpRequest.BodyPublishers.ofString(call.body()));
        } else {
          request.method(call.method(), HttpRequest.BodyPublishers.noBody());
        }
        HttpResponse<String> response = fixture.send(request.build());
        assertDocumented(spec, call.method(), call.operation(), call.path(), response);
        exercised.add(call.method() + " " + call.operation());
      }
    }
    Set<String> documentedOperations = new HashSet<>();
    for (Iterator<Map.Entry<String, JsonNode>> paths = spec.get("paths").fields();
        paths.hasNext(); ) {
      Map.Entry<String, JsonNode> path = paths.next();
      for (String method : List.of("get", "post", "delete", "put", "patch")) {
        if (path.getValue().has(method)) {
          documentedOperations.add(method.toUpperCase() + " " + path.getKey());
        }
      }
    }
    assertThat(exercised).isEqualTo(documentedOperations);
  }

  /** Every example in the document (of a schema or of a JSON media type) matches its schema. */
  @Test
  void everyExampleMatchesItsSchema() throws Exception {
    JsonNode spec = new ObjectMapper(new YAMLFactory()).readTree(Files.readString(SPEC));
    int checked = 0;
    for (Iterator<Map.Entry<String, JsonNode>> schemas =
            spec.get("components").get("schemas").fields();
        schemas.hasNext(); ) {
      Map.Entry<String, JsonNode> schema = schemas.next();
      assertThat(schema.getValue().has("example"))
          .as("schema %s has an example", schema.getKey())
          .isTrue();
      validate(
          spec,
          schema.getValue(),
          schema.getValue().get("example"),
          "example of " + schema.getKey());
      checked++;
    }
    for (JsonNode mediaTypes : spec.findValues("content")) {
      for (Iterator<Map.Entry<String, JsonNode>> types = mediaTypes.fields(); types.hasNext(); ) {
        Map.Entry<String, JsonNode> type = types.next();
        JsonNode example = type.getValue().get("example");
        if (example != null && type.getKey().endsWith("json")) {
          validate(
              spec,
              resolve(spec, type.getValue().get("schema")),
              example,
              "example of " + type.getKey());
          checked++;
        }
      }
    }
    assertThat(checked).isGreaterThan(10);
  }

  /**
   * Checks that {@code response} to {@code method operation} is as docs/openapi.yaml documents it.
   */
  static void assertDocumented(String method, String operation, HttpResponse<String> response)
      throws IOException {
    JsonNode spec = new ObjectMapper(new YAMLFactory()).readTree(Files.readString(SPEC));
    assertDocumented(spec, method, operation, response.request().uri().getRawPath(), response);
  }

  private static void assertDocumented(
      JsonNode spec, String method, String operation, String path, HttpResponse<String> response)
      throws IOException {
    JsonNode documentedOperation = spec.get("paths").get(operation).get(method.toLowerCase());
    assertThat(documentedOperation).as("%s %s is documented", method, operation).isNotNull();
    JsonNode documented =
        resolve(
            spec,
            documentedOperation.get("responses").get(Integer.toString(response.statusCode())));
    assertThat(documented)
        .as(
            "%s %s answered %d, which the document does not list: %s",
            method, path, response.statusCode(), response.body())
        .isNotNull();
    String type = response.headers().firstValue("Content-Type").orElse("").split(";")[0].trim();
    JsonNode content = documented.get("content");
    if (content == null) {
      assertThat(response.body()).as("%s %s: no body documented", method, path).isEmpty();
      return;
    }
    assertThat(content.has(type))
        .as("%s %s answered %s; documented: %s", method, path, type, content.fieldNames())
        .isTrue();
    if (type.equals("application/x-ndjson")) { // each line is an item of the JSON variant's array
      JsonNode item = resolve(spec, content.get("application/json").get("schema").get("items"));
      for (String line : response.body().lines().toList()) {
        validate(spec, item, ServerFixture.JSON.readTree(line), method + " " + path + " (a line)");
      }
    } else if (type.equals("application/json") || type.endsWith("+json")) {
      validate(
          spec,
          resolve(spec, content.get(type).get("schema")),
          ServerFixture.JSON.readTree(response.body()),
          method + " " + path);
    }
  }

  private static JsonNode resolve(JsonNode spec, JsonNode node) {
    while (node != null && node.has("$ref")) {
      JsonNode target = spec;
      for (String part : node.get("$ref").asText().substring(2).split("/")) {
        target = target.get(part);
      }
      node = target;
    }
    return node;
  }

  private static void validate(JsonNode spec, JsonNode schema, JsonNode value, String where) {
    if (schema == null) {
      return;
    }
    if (value.isNull()) {
      assertThat(schema.path("nullable").asBoolean())
          .as("%s: null where the schema allows none", where)
          .isTrue();
      return;
    }
    String type = schema.path("type").asText("object");
    switch (type) {
      case "object" -> {
        assertThat(value.isObject()).as("%s: expected an object, got %s", where, value).isTrue();
        for (JsonNode required : schema.path("required")) {
          assertThat(value.has(required.asText()))
              .as("%s: missing required '%s' in %s", where, required.asText(), value)
              .isTrue();
        }
        for (Iterator<Map.Entry<String, JsonNode>> fields = value.fields(); fields.hasNext(); ) {
          Map.Entry<String, JsonNode> field = fields.next();
          JsonNode property = schema.path("properties").get(field.getKey());
          assertThat(property)
              .as("%s: undocumented property '%s'", where, field.getKey())
              .isNotNull();
          validate(spec, resolve(spec, property), field.getValue(), where + "." + field.getKey());
        }
      }
      case "array" -> {
        assertThat(value.isArray()).as("%s: expected an array, got %s", where, value).isTrue();
        for (JsonNode item : value) {
          validate(spec, resolve(spec, schema.get("items")), item, where + "[]");
        }
      }
      case "string" -> {
        assertThat(value.isTextual()).as("%s: expected a string, got %s", where, value).isTrue();
        if (schema.has("enum")) {
          List<String> allowed = schema.get("enum").findValuesAsText("");
          Set<String> values = new HashSet<>();
          schema.get("enum").forEach(v -> values.add(v.asText()));
          assertThat(values)
              .as("%s: %s not in the enum %s", where, value, allowed)
              .contains(value.asText());
        }
      }
      case "integer" ->
          assertThat(value.isIntegralNumber())
              .as("%s: expected an integer, got %s", where, value)
              .isTrue();
      case "number" ->
          assertThat(value.isNumber()).as("%s: expected a number, got %s", where, value).isTrue();
      case "boolean" ->
          assertThat(value.isBoolean()).as("%s: expected a boolean, got %s", where, value).isTrue();
      default -> throw new AssertionError(where + ": unknown schema type " + type);
    }
  }
}
