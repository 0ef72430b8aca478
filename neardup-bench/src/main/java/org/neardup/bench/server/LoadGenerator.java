package org.neardup.bench.server;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import java.io.IOException;
import java.io.Writer;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * A bounded load on a running {@code neardup serve}, from many concurrent clients on loopback:
 * single-document adds mixed with queries, or batches of adds; then every acknowledged id can be
 * checked back ({@code --verify}). Bounded by time and by count; refuses any address but this
 * machine's. Prints a Markdown table: requests, throughput, p50/p99/p99.9/max latency, errors.
 *
 * <pre>
 * java -cp neardup-bench/target/benchmarks.jar org.neardup.bench.server.LoadGenerator \
 *   --url http://127.0.0.1:8080 --corpus docs.tsv --clients 16 --seconds 30 --add-fraction 0.1
 * </pre>
 */
@Command(
    name = "load",
    mixinStandardHelpOptions = true,
    description = "Bounded load on a running neardup serve.")
public final class LoadGenerator implements Callable<Integer> {
  @Option(
      names = "--url",
      defaultValue = "http://127.0.0.1:8080",
      description = "The server (loopback only).")
  URI url;

  @Option(
      names = "--corpus",
      description = "TSV id<TAB>text: texts to add (with new ids) and to query.")
  Path corpus;

  @Option(names = "--clients", defaultValue = "16", description = "Concurrent clients.")
  int clients;

  @Option(names = "--seconds", defaultValue = "30", description = "Stop after this long.")
  int seconds;

  @Option(
      names = "--requests",
      defaultValue = "10000000",
      description = "Stop after this many requests.")
  long requests;

  @Option(
      names = "--mode",
      defaultValue = "mixed",
      description = "mixed (single adds and queries), batch (batches of adds).")
  String mode;

  @Option(
      names = "--add-fraction",
      defaultValue = "0.1",
      description = "In mixed mode, the share of adds.")
  double addFraction;

  @Option(
      names = "--query-path",
      defaultValue = "/query",
      description =
          "Path and parameters of the queries, e.g. /query?top=10 or /query?measure=containment.")
  String queryPath;

  @Option(names = "--batch-size", defaultValue = "1000", description = "Documents a batch request.")
  int batchSize;

  @Option(
      names = "--id-prefix",
      defaultValue = "load",
      description = "Prefix of the ids added (make it unique a run).")
  String idPrefix;

  @Option(names = "--token", description = "Bearer token.")
  String token;

  @Option(names = "--acked", description = "Append the id of every acknowledged add to this file.")
  Path acked;

  @Option(names = "--seed", defaultValue = "1", description = "Seed of the query choice.")
  long seed;

  @Option(
      names = "--verify",
      description =
          "Instead of a load: check that every id in this file (one a line) is held; print how many"
              + " are lost.")
  Path verify;

  private List<String> texts;
  private final AtomicInteger nextAdd = new AtomicInteger();
  private final AtomicInteger sent = new AtomicInteger();
  private HttpClient client;
  private long deadline;

  public static void main(String[] args) {
    System.exit(new CommandLine(new LoadGenerator()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    if (!InetAddress.getByName(url.getHost()).isLoopbackAddress()) {
      throw new IllegalArgumentException(
          "the load generator only targets this machine, not " + url.getHost());
    }
    client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    if (verify != null) {
      return verify();
    }
    if (corpus == null) {
      throw new IllegalArgumentException("--corpus is needed for a load");
    }
    texts =
        Files.readAllLines(corpus, StandardCharsets.UTF_8).stream()
            .filter(line -> line.indexOf('\t') > 0)
            .map(line -> line.substring(line.indexOf('\t') + 1))
            .toList();
    Writer ackLog =
        acked == null
            ? null
            : Files.newBufferedWriter(
                acked,
                StandardCharsets.UTF_8,
                StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
    List<Thread> threads = new ArrayList<>();
    List<Latencies> adds = new ArrayList<>();
    List<Latencies> queries = new ArrayList<>();
    long started = System.nanoTime();
    deadline = started + Duration.ofSeconds(seconds).toNanos();
    for (int c = 0; c < clients; c++) {
      Latencies add = new Latencies();
      Latencies query = new Latencies();
      adds.add(add);
      queries.add(query);
      SplittableRandom random = new SplittableRandom(seed + c);
      Thread thread = new Thread(() -> run(random, add, query, ackLog), "client-" + c);
      threads.add(thread);
      thread.start();
    }
    for (Thread thread : threads) {
      thread.join();
    }
    double elapsed = (System.nanoTime() - started) / 1e9;
    if (ackLog != null) {
      ackLog.close();
    }
    System.out.println(
        "| request | count | per second | p50 ms | p99 ms | p99.9 ms | max ms | errors |");
    System.out.println("|---|---|---|---|---|---|---|---|");
    boolean batch = mode.equals("batch");
    Latencies allAdds = Latencies.merge(adds);
    System.out.println(
        allAdds.summary(
            batch ? "batch of " + batchSize + " adds (per document: per second)" : "add",
            elapsed,
            batch ? batchSize : 1));
    if (!batch) {
      System.out.println(Latencies.merge(queries).summary("query", elapsed, 1));
    }
    return 0;
  }

  /**
   * Checks every acknowledged id is held; prints "acknowledged N, held M, lost L"; exit 1 when any
   * is lost.
   */
  private int verify() throws IOException, InterruptedException {
    List<String> ids =
        Files.readAllLines(verify, StandardCharsets.UTF_8).stream()
            .filter(id -> !id.isEmpty())
            .toList();
    long lost = 0;
    for (String id : ids) {
      HttpRequest.Builder request =
          HttpRequest.newBuilder(
                  url.resolve(
                      "/documents/"
                          + java.net.URLEncoder.encode(id, StandardCharsets.UTF_8)
                              .replace("+", "%20")))
              .timeout(Duration.ofSeconds(30))
              .GET();
      if (token != null) {
        request.header("Authorization", "Bearer " + token);
      }
      if (client.send(request.build(), HttpResponse.BodyHandlers.discarding()).statusCode()
          != 200) {
        lost++;
      }
    }
    System.out.printf(
        java.util.Locale.ROOT,
        "acknowledged %d, held %d, lost %d%n",
        ids.size(),
        ids.size() - lost,
        lost);
    return lost == 0 ? 0 : 1;
  }

  private void run(SplittableRandom random, Latencies adds, Latencies queries, Writer ackLog) {
    while (System.nanoTime() < deadline && sent.incrementAndGet() <= requests) {
      try {
        if (mode.equals("batch")) {
          batch(adds, ackLog);
        } else if (random.nextDouble() < addFraction) {
          add(adds, ackLog);
        } else {
          query(random, queries);
        }
      } catch (IOException e) {
        return; // the server went away
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  private void add(Latencies adds, Writer ackLog) throws IOException, InterruptedException {
    int i = nextAdd.getAndIncrement();
    String id = idPrefix + "-" + i;
    String body =
        "{\"id\": \"" + id + "\", \"text\": \"" + escape(texts.get(i % texts.size())) + "\"}";
    long start = System.nanoTime();
    HttpResponse<Void> response = send("/documents", "application/json", body);
    long nanos = System.nanoTime() - start;
    if (response.statusCode() == 201) {
      adds.add(nanos);
      acknowledge(ackLog, id);
    } else {
      adds.error();
    }
  }

  private void batch(Latencies adds, Writer ackLog) throws IOException, InterruptedException {
    StringBuilder body = new StringBuilder();
    List<String> ids = new ArrayList<>(batchSize);
    for (int k = 0; k < batchSize; k++) {
      int i = nextAdd.getAndIncrement();
      String id = idPrefix + "-" + i;
      ids.add(id);
      body.append("{\"id\": \"")
          .append(id)
          .append("\", \"text\": \"")
          .append(escape(texts.get(i % texts.size())))
          .append("\"}\n");
    }
    long start = System.nanoTime();
    HttpResponse<Void> response = send("/documents:batch", "application/x-ndjson", body.toString());
    long nanos = System.nanoTime() - start;
    if (response.statusCode() == 200) {
      adds.add(nanos);
      for (String id : ids) {
        acknowledge(ackLog, id);
      }
    } else {
      adds.error();
    }
  }

  private void query(SplittableRandom random, Latencies queries)
      throws IOException, InterruptedException {
    String body = "{\"text\": \"" + escape(texts.get(random.nextInt(texts.size()))) + "\"}";
    long start = System.nanoTime();
    HttpResponse<Void> response = send(queryPath, "application/json", body);
    long nanos = System.nanoTime() - start;
    if (response.statusCode() == 200) {
      queries.add(nanos);
    } else {
      queries.error();
    }
  }

  private HttpResponse<Void> send(String path, String type, String body)
      throws IOException, InterruptedException {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(url.resolve(path))
            .timeout(Duration.ofSeconds(60))
            .header("Content-Type", type)
            .POST(HttpRequest.BodyPublishers.ofString(body));
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    return client.send(request.build(), HttpResponse.BodyHandlers.discarding());
  }

  private static void acknowledge(Writer ackLog, String id) throws IOException {
    if (ackLog != null) {
      synchronized (ackLog) {
        ackLog.write(id);
        ackLog.write('\n');
        ackLog.flush();
      }
    }
  }

  private static String escape(String text) {
    return new String(JsonStringEncoder.getInstance().quoteAsString(text));
  }
}
