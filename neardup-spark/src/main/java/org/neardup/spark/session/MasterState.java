package org.neardup.spark.session;

import com.esotericsoftware.kryo.DefaultSerializer;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The workers a standalone Master offers, as its web UI's {@code /json/} lists them: what each has
 * and has free. Immutable.
 *
 * @param workers the workers in state {@code ALIVE}
 * @param appCores the cores granted to each running application, by id
 */
@DefaultSerializer(JavaSerializer.class)
record MasterState(List<Worker> workers, Map<String, Integer> appCores) {
  private static final Duration TIMEOUT = Duration.ofSeconds(5);

  /** One worker: cores and memory (MiB), in all and free. */
  @DefaultSerializer(JavaSerializer.class)
  record Worker(int cores, int coresFree, long memoryMb, long memoryFreeMb) {}

  MasterState {
    workers = List.copyOf(workers);
    appCores = Map.copyOf(appCores);
  }

  /** The Master's state from its web UI at {@code ui}; empty when it cannot be read. */
  static Optional<MasterState> fetch(URI ui) {
    try {
      HttpClient client =
          HttpClient.newBuilder()
              .connectTimeout(TIMEOUT)
              .followRedirects(HttpClient.Redirect.NORMAL)
              .build();
      URI json = ui.resolve(ui.getPath().endsWith("/") ? "json/" : ui.getPath() + "/json/");
      HttpResponse<String> response =
          client.send(
              HttpRequest.newBuilder(json).timeout(TIMEOUT).GET().build(),
              HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200) {
        return Optional.empty();
      }
      return Optional.of(parse(response.body()));
    } catch (IOException | IllegalArgumentException e) {
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    }
  }

  /** The state from the Master's JSON. */
  static MasterState parse(String json) throws IOException {
    JsonNode root = new ObjectMapper().readTree(json);
    List<Worker> workers = new ArrayList<>();
    for (JsonNode worker : root.path("workers")) {
      if (worker.path("state").asText().equals("ALIVE")) {
        workers.add(
            new Worker(
                worker.path("cores").asInt(),
                worker.path("coresfree").asInt(),
                worker.path("memory").asLong(),
                worker.path("memoryfree").asLong()));
      }
    }
    Map<String, Integer> appCores = new TreeMap<>();
    for (JsonNode app : root.path("activeapps")) {
      appCores.put(app.path("id").asText(), app.path("cores").asInt());
    }
    return new MasterState(workers, appCores);
  }

  /** The workers for people: {@code 2 x 1g 1 core}, or {@code 1 x 1g 1 core, 1 x 4g 2 cores}. */
  String describe() {
    Map<String, Integer> kinds = new TreeMap<>();
    for (Worker worker : workers) {
      kinds.merge(memory(worker.memoryMb()) + " " + cores(worker.cores()), 1, Integer::sum);
    }
    List<String> parts = new ArrayList<>();
    kinds.forEach((kind, count) -> parts.add(count + " x " + kind));
    return String.join(", ", parts);
  }

  /**
   * Why executors of {@code memoryMb} and {@code cores} cores (0: any) for application {@code app}
   * do not start here, or empty when some worker could start one now, or the Master already granted
   * the application cores (its executors then fail to start).
   */
  Optional<String> shortfall(
      String app, long memoryMb, int cores, String memorySetting, String coresSetting) {
    if (workers.isEmpty()) {
      return Optional.of("the Master has no live worker");
    }
    String offer = " (workers: " + describe() + ")";
    if (workers.stream().noneMatch(w -> w.memoryMb() >= memoryMb)) {
      return Optional.of(
          memorySetting + " " + memory(memoryMb) + " is more than any worker offers" + offer);
    }
    if (cores > 0 && workers.stream().noneMatch(w -> w.cores() >= cores)) {
      return Optional.of(coresSetting + " " + cores + " is more than any worker has" + offer);
    }
    int needed = Math.max(1, cores);
    if (appCores.getOrDefault(app, 0) > 0) {
      return Optional.empty();
    }
    if (workers.stream().noneMatch(w -> w.memoryFreeMb() >= memoryMb && w.coresFree() >= needed)) {
      return Optional.of(
          "other applications hold the workers' cores or memory"
              + offer
              + "; free: "
              + workers.stream().mapToInt(Worker::coresFree).sum()
              + " cores, "
              + memory(workers.stream().mapToLong(Worker::memoryFreeMb).max().orElse(0))
              + " on the freest worker");
    }
    return Optional.empty();
  }

  /** MiB for people: {@code 1g}, {@code 512m}. */
  static String memory(long mb) {
    return mb % 1024 == 0 ? (mb / 1024) + "g" : mb + "m";
  }

  private static String cores(int cores) {
    return String.format(Locale.ROOT, "%d %s", cores, cores == 1 ? "core" : "cores");
  }
}
