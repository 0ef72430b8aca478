package org.neardup.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.neardup.server.ServerFixture.json;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.index.IndexWrite;
import org.neardup.index.NearDupIndex;
import org.neardup.index.WriteResult;
import org.neardup.server.store.DamagedTables;
import org.neardup.server.store.IndexDirectory;
import org.neardup.server.store.StoreException;

/**
 * Writes that cannot be committed (a damaged table read on the way) through the real server: the
 * answer says nothing was stored and nothing was, {@code /health} says writes fail until one goes
 * through, and a request committed together with a failing one is not failed with it.
 */
class FailedWriteTest {
  private static final String HELD =
      "Sunny two-room flat near Termini station, 800 euro a month, furnished, second floor";

  @TempDir Path dir;

  /** An index holding {@link #HELD}, whose signatures' table is then damaged. */
  private Path damagedIndex() throws Exception {
    Path data = dir.resolve("idx");
    try (ServerFixture fixture = new ServerFixture(data, null, 1 << 20)) {
      assertThat(fixture.postJson("/documents", Map.of("id", "held", "text", HELD)).statusCode())
          .isEqualTo(201);
    }
    try (IndexDirectory directory = IndexDirectory.open(data, IndexDirectory.Options.existing())) {
      DamagedTables.flush(directory);
    }
    DamagedTables.damageSignatures(data);
    return data;
  }

  @Test
  void aBatchThatFailsToCommitStoresNothingAndHealthSaysSoUntilAWriteGoesThrough()
      throws Exception {
    Path data = damagedIndex();
    try (ServerFixture fixture = new ServerFixture(data, null, 1 << 20)) {
      HttpResponse<String> batch =
          fixture.postJson(
              "/documents:batch",
              List.of(
                  Map.of("id", "clean", "text", "a quiet garden flat"),
                  Map.of("id", "copy", "text", HELD)));
      assertThat(batch.statusCode()).as(batch.body()).isEqualTo(500);
      OpenApiContractTest.assertDocumented("POST", "/documents:batch", batch);
      assertThat(json(batch).get("committed").asInt()).isZero();
      assertThat(json(batch).get("detail").asText()).contains("nothing of the batch was stored");
      assertThat(fixture.get("/documents/clean").statusCode())
          .as("the batch's clean item")
          .isEqualTo(404);
      HttpResponse<String> health = fixture.get("/health");
      assertThat(health.statusCode()).isEqualTo(503);
      OpenApiContractTest.assertDocumented("GET", "/health", health);
      assertThat(json(health).get("status").asText()).isEqualTo("write failing");

      assertThat(
              fixture
                  .postJson("/documents", Map.of("id", "other", "text", "a bright room"))
                  .statusCode())
          .isEqualTo(201);
      assertThat(fixture.get("/health").statusCode()).isEqualTo(200);
      assertThat(fixture.get("/documents/clean").statusCode())
          .as("not written by the next commit")
          .isEqualTo(404);
      assertThat(
              fixture
                  .postJson("/documents", Map.of("id", "clean", "text", "a quiet garden flat"))
                  .statusCode())
          .as("a retry of a write answered as not stored")
          .isEqualTo(201);
    }
    try (IndexDirectory reopened = IndexDirectory.openReadOnly(data)) {
      assertThat(reopened.index().contains("clean")).isTrue();
      assertThat(reopened.index().contains("copy")).isFalse();
      assertThat(reopened.index().size()).isEqualTo(3);
    }
  }

  @Test
  void aRequestCommittedWithOneThatFailsIsCommittedOnItsOwn() throws Exception {
    Path data = damagedIndex();
    try (IndexDirectory directory = IndexDirectory.open(data, IndexDirectory.Options.existing())) {
      NearDupIndex<String> index = directory.index();
      List<Long> batchSizes = new ArrayList<>();
      GroupCommitWriter writer = new GroupCommitWriter(index, 16, batchSizes::add, false);
      CompletableFuture<List<WriteResult<String>>> failing =
          writer.submit(
              List.of(
                  IndexWrite.add(
                      "clean", index.sketcher().sketch("a quiet garden flat"), null, true),
                  IndexWrite.add("copy", index.sketcher().sketch(HELD), null, true)));
      CompletableFuture<List<WriteResult<String>>> fine =
          writer.submit(
              List.of(
                  IndexWrite.add("other", index.sketcher().sketch("a bright room"), null, true)));
      writer.start();
      assertThat(fine.get().get(0).status()).isEqualTo(WriteResult.Status.ADDED);
      try {
        failing.get();
        throw new AssertionError("the write reading the damaged table was committed");
      } catch (ExecutionException e) {
        assertThat(e.getCause()).isInstanceOf(StoreException.class);
      }
      writer.close();
      assertThat(batchSizes).as("the one commit that went through").containsExactly(1L);
      assertThat(index.contains("other")).isTrue();
      assertThat(index.contains("clean")).isFalse();
    }
  }
}
