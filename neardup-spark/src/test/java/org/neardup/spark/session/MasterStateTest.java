package org.neardup.spark.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/** What a standalone Master's /json/ says the workers lack. */
class MasterStateTest {
  private static String worker(String state, int cores, int coresFree, int memory, int memoryFree) {
    return "{\"id\":\"w\",\"host\":\"127.0.0.1\",\"cores\":"
        + cores
        + ",\"coresfree\":"
        + coresFree
        + ",\"memory\":"
        + memory
        + ",\"memoryfree\":"
        + memoryFree
        + ",\"state\":\""
        + state
        + "\"}";
  }

  private static MasterState state(String... workers) throws IOException {
    return MasterState.parse(
        "{\"url\":\"spark://m:7077\",\"workers\":["
            + String.join(",", workers)
            + "],\"aliveworkers\":2,\"activeapps\":[{\"id\":\"app-1\",\"name\":\"neardup"
            + " pairs\",\"cores\":2},{\"id\":\"app-2\",\"name\":\"neardup"
            + " dedup\",\"cores\":0}],\"status\":\"ALIVE\"}");
  }

  @Test
  void moreMemoryThanAnyWorkerOffersNamesTheSettingAndTheWorkers() throws IOException {
    MasterState state =
        state(
            worker("ALIVE", 1, 1, 1024, 1024),
            worker("ALIVE", 1, 1, 1024, 1024),
            worker("DEAD", 8, 8, 65536, 65536));

    assertThat(state.shortfall("app-2", 8192, 0, "--executor-memory", "--executor-cores"))
        .hasValue("--executor-memory 8g is more than any worker offers (workers: 2 x 1g 1 core)");
  }

  @Test
  void moreCoresThanAnyWorkerHasNoWorkerAndBusyWorkersAreToldApart() throws IOException {
    assertThat(
            state(worker("ALIVE", 2, 2, 4096, 4096))
                .shortfall("app-2", 1024, 4, "--executor-memory", "--executor-cores"))
        .hasValue("--executor-cores 4 is more than any worker has (workers: 1 x 4g 2 cores)");
    assertThat(state().shortfall("app-2", 1024, 0, "--executor-memory", "--executor-cores"))
        .hasValue("the Master has no live worker");
    assertThat(
            state(worker("ALIVE", 2, 0, 4096, 512), worker("ALIVE", 1, 1, 1536, 256))
                .shortfall("app-2", 1024, 0, "--executor-memory", "--executor-cores"))
        .hasValue(
            "other applications hold the workers' cores or memory (workers: 1 x 1536m 1 core, "
                + "1 x 4g 2 cores); free: 1 cores, 512m on the freest worker");
  }

  @Test
  void coresAlreadyGrantedToTheApplicationAreNoShortfallButExecutorsThatDoNotStart()
      throws IOException {
    assertThat(
            state(worker("ALIVE", 1, 0, 1024, 512), worker("ALIVE", 1, 0, 1024, 512))
                .shortfall("app-1", 512, 0, "--executor-memory", "--executor-cores"))
        .isEmpty();
  }

  @Test
  void aRequestSomeWorkerCanStartNowIsNoShortfall() throws IOException {
    assertThat(
            state(worker("ALIVE", 1, 0, 1024, 0), worker("ALIVE", 1, 1, 1024, 1024))
                .shortfall("app-2", 512, 1, "--executor-memory", "--executor-cores"))
        .isEmpty();
  }
}
