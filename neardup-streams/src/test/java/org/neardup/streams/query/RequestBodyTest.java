package org.neardup.streams.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.neardup.streams.wire.Message.Neighbour;

class RequestBodyTest {
  private static final ObjectMapper TREE =
      new ObjectMapper().enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY);

  private static RequestBody read(String body) throws Exception {
    return RequestBody.read(body.getBytes(StandardCharsets.UTF_8));
  }

  private static String padding(int objects) {
    StringBuilder pad = new StringBuilder("[");
    for (int i = 0; i < objects; i++) {
      pad.append(i == 0 ? "{}" : ",{}");
    }
    return pad.append(']').toString();
  }

  @Test
  void readsTheFieldsAnEndpointNeeds() throws Exception {
    RequestBody body =
        read(
            "{\"pad\": {\"a\": [1, {\"b\": null}]}, \"text\": \"hello world\","
                + " \"shards\": [0, 3, 2]}");
    assertThat(body.text()).isEqualTo("hello world");
    assertThat(body.shards()).containsExactly(0, 3, 2);
  }

  @Test
  void aLargeUnknownPaddingFieldIsSkippedWithoutBuildingIt() throws Exception {
    byte[] bytes =
        ("{\"text\": \"hello world\", \"pad\": " + padding(200_000) + "}")
            .getBytes(StandardCharsets.UTF_8);
    assumeThat(ManagementFactory.getThreadMXBean())
        .isInstanceOf(com.sun.management.ThreadMXBean.class);
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    RequestBody.read(bytes); // loads the classes and the parser's buffers once
    long before = threads.getCurrentThreadAllocatedBytes();
    RequestBody body = RequestBody.read(bytes);
    long allocated = threads.getCurrentThreadAllocatedBytes() - before;
    assertThat(body.text()).isEqualTo("hello world");
    // A tree of the padding is about 25 times the body (each {} an ObjectNode and its map); the
    // streaming read allocates its buffers only, a small fraction of the body.
    assertThat(allocated).isLessThan(bytes.length / 4);
  }

  @Test
  void refusesWhatTheTreeRefused() {
    assertThatThrownBy(() -> read("{\"text\": \"x\", \"pad\": [{\"a\": 1, \"a\": 2}]}"))
        .isInstanceOfSatisfying(
            Problem.class,
            p -> {
              assertThat(p.status()).isEqualTo(400);
              assertThat(p.getMessage()).startsWith("invalid JSON: ").contains("'a'");
            });
    assertThatThrownBy(() -> read("{\"text\": \"x\", \"text\": \"y\"}"))
        .hasMessageStartingWith("invalid JSON: ");
    assertThatThrownBy(() -> read("{\"text\": \"x\", \"pad\": [{},{}"))
        .hasMessageStartingWith("invalid JSON: ");
    assertThatThrownBy(() -> read("[{}, {}]"))
        .hasMessage("expected a JSON object {\"text\": \"...\"}");
    assertThatThrownBy(() -> read("")).hasMessage("expected a JSON object {\"text\": \"...\"}");
  }

  @Test
  void aFieldOfTheWrongShapeIsRefusedWhenAsked() throws Exception {
    assertThatThrownBy(() -> read("{\"pad\": 1}").text()).hasMessage("missing field 'text'");
    assertThatThrownBy(() -> read("{\"text\": null}").text()).hasMessage("missing field 'text'");
    assertThatThrownBy(() -> read("{\"text\": [\"x\"]}").text())
        .hasMessage("field 'text' must be a string");
    assertThatThrownBy(() -> read("{\"text\": \"x\", \"shards\": 3}").shards())
        .hasMessage("missing field 'shards' (an array of shard numbers)");
    assertThatThrownBy(() -> read("{\"text\": \"x\", \"shards\": [1, \"2\"]}").shards())
        .hasMessage("'shards' holds \"2\", not a shard number");
    assertThatThrownBy(() -> read("{\"text\": \"x\", \"shards\": [1, {\"a\": 1}]}").shards())
        .hasMessage("'shards' holds an object, not a shard number");
    assertThatThrownBy(() -> read("{\"text\": \"x\", \"shards\": [3000000000]}").shards())
        .hasMessage("'shards' holds 3000000000, not a shard number");
  }

  @Test
  void documentsAreWhatClusterQueryReadsFromATree() throws Exception {
    List<String> arrays =
        List.of(
            "[]",
            "[{\"id\": \"a\", \"seq\": 3, \"similarity\": 0.75},"
                + " {\"similarity\": 1, \"x\": [[]], \"seq\": 9000000000, \"id\": \"b\"}]",
            "[{\"id\": \"a\", \"seq\": 2.0, \"similarity\": 0.5}]",
            "[{\"id\": \"a\", \"seq\": 2, \"similarity\": \"0.5\"}]",
            "[{\"id\": 1, \"seq\": 2, \"similarity\": 0.5}]",
            "[{\"id\": \"a\", \"similarity\": 0.5}]",
            "[{\"id\": \"a\", \"seq\": 1e30, \"similarity\": 0.5}]",
            "[[\"a\", 1, 0.5]]",
            "[{\"id\": \"a\", \"seq\": 1, \"similarity\": 0.5}, 7]",
            "{\"id\": \"a\"}",
            "\"x\"");
    for (String array : arrays) {
      String body = "{\"documents\": " + array + "}";
      List<Neighbour> expected;
      try {
        expected = ClusterQuery.neighbours(TREE.readTree(body).get("documents"));
      } catch (Problem refused) {
        assertThatThrownBy(() -> read(body).documents())
            .as(body)
            .isInstanceOf(Problem.class)
            .hasMessage(refused.getMessage());
        continue;
      }
      assertThat(read(body).documents()).as(body).isEqualTo(expected);
    }
    assertThatThrownBy(() -> read("{\"text\": \"x\"}").documents())
        .hasMessage("expected an array of {\"id\", \"seq\", \"similarity\"}");
  }
}
