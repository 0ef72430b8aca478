package org.neardup.server.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.Scheduler;
import org.neardup.index.IndexWrite;
import org.neardup.index.Match;
import org.neardup.index.NearDupIndex;
import org.neardup.index.WriteResult;
import org.neardup.server.AdminCommand;
import org.neardup.server.IndexWriter;
import org.neardup.server.Metrics;
import org.neardup.server.ServerConfig;
import org.neardup.server.store.DiskFullException;
import org.neardup.server.store.IndexDirectory;
import org.neardup.text.Normalizer;

/**
 * The HTTP API (see {@code docs/server.md} and {@code docs/openapi.yaml}): routes each request,
 * checks the {@code Host} header ({@link HostCheck}) and the bearer token, and turns every refusal
 * into {@code application/problem+json} with the right status. Whatever a client sends is answered
 * with a 4xx, never a 500; a 500 means the server itself failed (its storage, a bug), and is logged
 * without the request's body. A write on a full disk is a 507, and {@code /health} a 503 until
 * writes go through again. Thread-safe.
 */
public final class Api extends Handler.Abstract {
  /** The endpoints' names, as the metrics label them ("unknown": refused before routing). */
  public static final java.util.Set<String> ENDPOINTS = Route.ALL;

  private static final int DEFAULT_LIMIT = 100;
  private static final int MAX_LIMIT = 10_000;

  private final IndexDirectory directory;
  private final NearDupIndex<String> index;
  private final IndexWriter writer;
  private final Metrics metrics;
  private final ServerConfig config;
  private final byte[] token;
  private final HostCheck hosts;
  private final ObjectMapper json = JsonBody.mapper();
  private final Consumer<String> log;
  private final BatchEndpoint batch;
  private final Duplicates duplicates;

  /** What the bodies in memory hold together at most: as many bodies as request threads. */
  private final BodyBudget bodies;

  private final StaticPage page = StaticPage.load();
  private final java.util.concurrent.atomic.AtomicInteger inFlight =
      new java.util.concurrent.atomic.AtomicInteger();
  private volatile boolean draining;
  private final java.util.concurrent.atomic.AtomicBoolean diskFullLogged =
      new java.util.concurrent.atomic.AtomicBoolean();

  /**
   * @param log receives one line a failure of the server (never a document's text)
   */
  public Api(
      IndexDirectory directory,
      IndexWriter writer,
      Metrics metrics,
      ServerConfig config,
      Consumer<String> log) {
    this.directory = directory;
    this.index = directory.index();
    this.writer = writer;
    this.metrics = metrics;
    this.config = config;
    this.token =
        config.token() == null
            ? null
            : ("Bearer " + config.token()).getBytes(StandardCharsets.UTF_8);
    this.log = log;
    this.hosts = new HostCheck(config.host(), config.allowedHosts());
    this.batch = new BatchEndpoint(index, writer, json, log);
    this.duplicates =
        new Duplicates(index, new Normalizer(directory.settings().sketch().normalizer()));
    this.bodies = BodyBudget.of(config.threads(), config.maxBodyBytes());
  }

  /** Refuses new requests (503) from now on; those in flight go on. */
  public void drain() {
    draining = true;
  }

  /** Requests being served. */
  public int inFlight() {
    return inFlight.get();
  }

  /**
   * Checks, routes and authorizes the request; an endpoint that reads a body runs once the body is
   * in whole ({@link HttpCall#readBody}), and the thread is free meanwhile.
   */
  @Override
  public boolean handle(Request request, Response response, Callback callback) {
    HttpCall call = new HttpCall(request, response, json, config.limits().bodyTimeout().toMillis());
    inFlight.incrementAndGet();
    Exchange exchange =
        new Exchange(
            call,
            callback,
            System.nanoTime(),
            call.closeAfter(config.limits().requestTimeout().toMillis(), true));
    answer(
        exchange,
        () -> {
          call.setHeader("X-Content-Type-Options", "nosniff");
          if (draining) {
            throw new ApiException(503, "Service unavailable", "the server is shutting down");
          }
          hosts.check(call.header("Host"));
          Route route = Route.of(call.method(), call.rawPath());
          exchange.endpoint = route.endpoint();
          if (route.needsToken()) {
            authorize(call);
          }
          if (!route.readsBody()) {
            dispatch(route, call);
            return true;
          }
          call.readBody(
              config.maxBodyBytes(),
              bodies,
              () ->
                  answer(
                      exchange,
                      () -> {
                        dispatch(route, call);
                        return true;
                      }),
              failure -> finish(exchange, failure));
          return false;
        });
    return true;
  }

  /** A part of an exchange; returns whether the exchange is over (false: it goes on elsewhere). */
  private interface Step {
    boolean run() throws IOException;
  }

  /**
   * Runs {@code step}, answering what it throws (a refusal with its problem, a failure of the
   * server with a 500), and finishes the exchange unless the step left it going on.
   */
  private void answer(Exchange exchange, Step step) {
    HttpCall call = exchange.call;
    try {
      boolean over = true;
      try {
        over = step.run();
      } catch (ApiException e) {
        call.sendProblem(e);
      } catch (JsonProcessingException e) {
        call.sendProblem(ApiException.badRequest("malformed JSON: " + e.getOriginalMessage()));
      } catch (DiskFullException e) {
        if (call.status() == 0) {
          call.sendProblem(
              new ApiException(
                  507,
                  "Insufficient storage",
                  "the index's disk is full ("
                      + e.getMessage()
                      + "): nothing of this request was stored; writes resume by themselves once"
                      + " space is freed"));
        }
      } catch (IOException e) {
        throw e; // the client went away: nothing to answer
      } catch (RuntimeException | Error e) {
        log.accept(
            "neardup: internal error on " + call.method() + " " + exchange.endpoint + ": " + e);
        if (call.status() == 0) {
          call.sendProblem(
              new ApiException(500, "Internal server error", "the server failed; see its log"));
        }
      }
      if (over) {
        finish(exchange, null);
      }
    } catch (IOException | RuntimeException e) {
      finish(exchange, e);
    }
  }

  /**
   * Completes the exchange ({@code failure}: the client went away, or the answer failed) and counts
   * it.
   */
  private void finish(Exchange exchange, Throwable failure) {
    exchange.deadline.cancel();
    exchange.call.releaseBody(); // when no answer was sent
    try {
      if (failure == null) {
        exchange.callback.succeeded();
      } else {
        exchange.callback.failed(failure);
      }
    } finally {
      logDiskFull();
      inFlight.decrementAndGet();
      metrics.request(
          exchange.endpoint,
          exchange.call.method(),
          exchange.call.status(),
          System.nanoTime() - exchange.started);
    }
  }

  /** One request from its headers to its answer: the endpoint is "unknown" until routed. */
  private static final class Exchange {
    final HttpCall call;
    final Callback callback;
    final long started;

    /** The request timeout's task. */
    final Scheduler.Task deadline;

    String endpoint = "unknown";

    Exchange(HttpCall call, Callback callback, long started, Scheduler.Task deadline) {
      this.call = call;
      this.callback = callback;
      this.started = started;
      this.deadline = deadline;
    }
  }

  /** Logs when writes start failing for a full disk, and when they go through again: once each. */
  private void logDiskFull() {
    DiskFullException full = directory.diskFull();
    if (full != null && !diskFullLogged.getAndSet(true)) {
      log.accept("neardup: " + full.getMessage() + ": writes get 507 until space is freed");
    } else if (full == null && diskFullLogged.get() && diskFullLogged.compareAndSet(true, false)) {
      log.accept("neardup: " + directory.directory() + ": writes go through again");
    }
  }

  /**
   * {@code GET /health}: 200 while writes go through; 503 while the disk is full, or since the last
   * commit failed for another reason until one succeeds (reads are served).
   */
  private void health(HttpCall call) throws IOException {
    Map<String, Object> body = new LinkedHashMap<>();
    Throwable failure = writer.lastFailure();
    if (directory.diskFull() != null) {
      body.put("status", "disk full");
      body.put(
          "detail",
          "the index's disk is full: writes get 507 until space is freed, then go through by"
              + " themselves; reads are served");
    } else if (failure != null && !(failure instanceof DiskFullException)) {
      body.put("status", "write failing");
      body.put(
          "detail",
          "the last write could not be committed, and nothing of it was stored (the server's"
              + " log says why): "
              + failure.getMessage());
    } else {
      call.sendJson(200, Map.of("status", "ok"));
      return;
    }
    call.sendJson(503, body);
  }

  private void authorize(HttpCall call) {
    if (token == null) {
      return;
    }
    String given = call.header("Authorization");
    byte[] bytes = given == null ? new byte[0] : given.getBytes(StandardCharsets.UTF_8);
    if (!MessageDigest.isEqual(bytes, token)) { // constant time
      throw new ApiException(
          401,
          "Unauthorized",
          given == null ? "this server needs 'Authorization: Bearer <token>'" : "wrong token");
    }
  }

  private void dispatch(Route route, HttpCall call) throws IOException {
    switch (route.endpoint()) {
      case Route.HEALTH -> health(call);
      case Route.STATS -> call.sendJson(200, AdminCommand.stats(directory));
      case Route.METRICS ->
          call.sendText(200, "text/plain; version=0.0.4; charset=utf-8", metrics.scrape());
      case Route.DOCUMENTS -> addDocument(call);
      case Route.BATCH -> batch.handle(call, writeMode(call));
      case Route.DOCUMENT -> document(route, call);
      case Route.QUERY -> query(call);
      case Route.PAGE -> page.sendPage(call);
      case Route.ASSET -> page.sendAsset(call, route.id());
      default -> throw new IllegalStateException("unrouted endpoint " + route.endpoint());
    }
  }

  private void addDocument(HttpCall call) throws IOException {
    call.requireContentType(HttpCall.JSON);
    WriteMode mode = writeMode(call);
    boolean diff = flag(call, "diff");
    DocumentInput input = DocumentInput.of(JsonBody.tree(json, call.body()));
    var sketch = index.sketcher().sketch(input.text());
    IndexWrite<String> write = mode.write(input, sketch);
    WriteResult<String> result = writer.write(List.of(write)).get(0);
    switch (result.status()) {
      case ALREADY_PRESENT ->
          throw new ApiException(
              409,
              "Conflict",
              "document '" + input.id() + "' already exists; add ?upsert=true to replace it");
      case EMPTY_DOCUMENT ->
          throw ApiException.badRequest(
              "the text is empty after normalization: nothing to compare");
      case ADDED -> {
        call.setHeader("Location", "/documents/" + Route.encode(input.id()));
        call.sendJson(201, added(input, result, mode, diff));
      }
      default -> call.sendJson(200, added(input, result, mode, diff));
    }
  }

  private Map<String, Object> added(
      DocumentInput input, WriteResult<String> result, WriteMode mode, boolean diff) {
    List<Match<String>> matches = result.matches();
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("id", input.id());
    if (mode.unique()) {
      body.put("kept", result.status() != WriteResult.Status.DUPLICATE);
      result
          .duplicateOf()
          .ifPresent(match -> body.put("duplicateOf", WriteMode.duplicateOf(match)));
    }
    body.put(
        "duplicates", diff ? duplicates.withDiffs(matches, input.text()) : Duplicates.of(matches));
    return body;
  }

  /** {@code upsert=true} and {@code unique=true} of a write. */
  private static WriteMode writeMode(HttpCall call) {
    return new WriteMode(flag(call, "upsert"), flag(call, "unique"));
  }

  private void document(Route route, HttpCall call) throws IOException {
    String id = DocumentInput.checkId(route.id());
    if (call.method().equals("DELETE")) {
      WriteResult<String> result = writer.write(List.of(IndexWrite.remove(id))).get(0);
      if (result.status() == WriteResult.Status.NOT_FOUND) {
        throw ApiException.notFound("no document '" + id + "'");
      }
      call.sendEmpty(204);
      return;
    }
    if (!index.contains(id)) {
      throw ApiException.notFound("no document '" + id + "'");
    }
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("id", id);
    body.put("text", index.text(id).orElse(null));
    call.sendJson(200, body);
  }

  /**
   * {@code POST /query}: the near-duplicates at or above the threshold ({@code ?limit=N}), the K
   * most similar down to the index's top-k floor or a higher one ({@code ?top=K[&floor=F]}), or the
   * documents containing the text ({@code ?measure=containment}).
   */
  private void query(HttpCall call) throws IOException {
    call.requireContentType(HttpCall.JSON);
    int limit = count(call, "limit", DEFAULT_LIMIT);
    boolean diff = flag(call, "diff");
    boolean top = call.parameter("top") != null;
    int k = count(call, "top", 0);
    boolean containment = containment(call);
    if (top && containment) {
      throw ApiException.badRequest(
          "top=K ranks by Jaccard similarity; with measure=containment use limit=N");
    }
    if (top && call.parameter("limit") != null) {
      throw ApiException.badRequest(
          "top=K and limit=N exclude each other: top=K answers K at most");
    }
    double floor = floor(call, top);
    if (containment && !index.searchSettings().hasContainment()) {
      throw ApiException.badRequest(
          "this index keeps no containment sample: build it with --containment-sampling M");
    }
    JsonNode body = JsonBody.tree(json, call.body());
    if (body == null || !body.isObject()) {
      throw ApiException.badRequest("expected a JSON object {\"text\": \"...\"}");
    }
    String text = DocumentInput.text(body);
    List<Match<String>> matches =
        containment
            ? index.containing(text, limit)
            : top ? index.top(text, k, floor) : index.query(text, limit);
    Map<String, Object> answer = new LinkedHashMap<>();
    answer.put("duplicates", diff ? duplicates.withDiffs(matches, text) : Duplicates.of(matches));
    if (top) {
      answer.put("floor", floor); // says how low an empty or short answer looked
    }
    call.sendJson(200, answer);
  }

  /**
   * A count parameter ({@code limit}, {@code top}) in [1, 10,000], or {@code absent} when not
   * given.
   */
  private static int count(HttpCall call, String name, int absent) {
    String value = call.parameter(name);
    if (value == null) {
      return absent;
    }
    try {
      int count = Integer.parseInt(value);
      if (count >= 1 && count <= MAX_LIMIT) {
        return count;
      }
    } catch (NumberFormatException e) {
      // the message below
    }
    throw ApiException.badRequest(
        name + " must be a whole number in [1, " + MAX_LIMIT + "], got '" + value + "'");
  }

  /**
   * {@code floor=F} of a top-k query, in [the index's top-k floor, 1]: the index's when not given.
   */
  private double floor(HttpCall call, boolean top) {
    String value = call.parameter("floor");
    if (value == null) {
      return index.topKFloor();
    }
    if (!top) {
      throw ApiException.badRequest(
          "floor=F is the lowest similarity of a top=K query; it needs top=K");
    }
    try {
      double floor = Double.parseDouble(value);
      if (floor >= index.topKFloor() && floor <= 1) {
        return floor;
      }
    } catch (NumberFormatException e) {
      // the message below
    }
    if (!index.searchSettings().hasTopKFloor()) {
      throw ApiException.badRequest(
          "floor must be a number in ["
              + index.topKFloor()
              + ", 1], got '"
              + value
              + "': this index was built without --top-k-floor, so top=K goes down to its"
              + " threshold; to go lower, build an index with --top-k-floor F");
    }
    throw ApiException.badRequest(
        "floor must be a number in ["
            + index.topKFloor()
            + ", 1] (the index's top-k floor"
            + " is its lowest), got '"
            + value
            + "'");
  }

  private static boolean containment(HttpCall call) {
    String value = call.parameter("measure");
    if (value == null || value.equals("jaccard")) {
      return false;
    }
    if (value.equals("containment")) {
      return true;
    }
    throw ApiException.badRequest("measure must be jaccard or containment, got '" + value + "'");
  }

  /** The boolean query parameter {@code name}: absent or false, true or given without a value. */
  private static boolean flag(HttpCall call, String name) {
    String value = call.parameter(name);
    if (value == null || value.equals("false")) {
      return false;
    }
    if (value.equals("true") || value.isEmpty()) {
      return true;
    }
    throw ApiException.badRequest(name + " must be true or false, got '" + value + "'");
  }
}
