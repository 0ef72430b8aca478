package org.neardup.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * docs/openapi.yaml against the router: every endpoint the router knows is a documented path, and
 * for every path and method, the router serves it exactly when the document lists that operation
 * (HEAD where it lists GET). With the contract test (every documented operation answers as
 * documented), the spec and the server cannot drift apart.
 */
class RouteSpecTest {
  private static final Path SPEC =
      Path.of(System.getProperty("neardup.repo.root", ".."), "docs", "openapi.yaml");
  private static final List<String> METHODS =
      List.of("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS");

  @Test
  void theRouterServesExactlyTheDocumentedOperations() throws Exception {
    JsonNode paths =
        new ObjectMapper(new YAMLFactory()).readTree(Files.readString(SPEC)).get("paths");
    TreeSet<String> documentedPaths = new TreeSet<>();
    paths.fieldNames().forEachRemaining(documentedPaths::add);
    assertThat(routerEndpoints()).isEqualTo(documentedPaths);

    TreeSet<String> served = new TreeSet<>();
    TreeSet<String> documented = new TreeSet<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = paths.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> path = it.next();
      String concrete = path.getKey().replace("{id}", "some%20id").replace("{name}", "neardup.js");
      for (String method : METHODS) {
        // HEAD is answered wherever GET is (the spec's description says so; OpenAPI lists no HEAD).
        String documentedAs = method.equals("HEAD") ? "get" : method.toLowerCase();
        if (path.getValue().has(documentedAs)) {
          documented.add(method + " " + path.getKey());
        }
        try {
          Route route = Route.of(method, concrete);
          assertThat(route.endpoint()).isEqualTo(path.getKey());
          served.add(method + " " + path.getKey());
        } catch (ApiException refused) {
          assertThat(refused.status()).as("%s %s", method, concrete).isEqualTo(405);
        }
      }
    }
    assertThat(served).isEqualTo(documented);
  }

  /** The endpoint constants of {@link Route}: the paths it routes. */
  private static TreeSet<String> routerEndpoints() throws IllegalAccessException {
    TreeSet<String> endpoints = new TreeSet<>();
    for (Field field : Route.class.getDeclaredFields()) {
      int modifiers = field.getModifiers();
      if (Modifier.isStatic(modifiers)
          && field.getType() == String.class
          && !Modifier.isPrivate(modifiers)) {
        endpoints.add((String) field.get(null));
      }
    }
    return endpoints;
  }
}
