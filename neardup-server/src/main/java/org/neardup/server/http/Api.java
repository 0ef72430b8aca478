package org.neardup.server.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.Scheduler;
import org.neardup.index.NearDupIndex;
import org.neardup.server.AdminCommand;
import org.neardup.server.IndexWriter;
import org.neardup.server.Metrics;
import org.neardup.server.ServerConfig;
import org.neardup.server.WriterClosedException;
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

  private final IndexDirectory directory;
  private final Metrics metrics;
  private final ServerConfig config;
  private final byte[] token;
  private final HostCheck hosts;
  private final ObjectMapper json = JsonBody.mapper();
  private final Consumer<String> log;
  private final HealthEndpoint health;
  private final AddEndpoint add;
  private final BatchEndpoint batch;
  private final DocumentEndpoint document;
  private final QueryEndpoint query;

  /**
   * The time a batch may take from its request's start to its last chunk's commit: half the request
   * timeout, so that its answer starts before the timeout closes the connection, with time left for
   * a chunk begun just before.
   */
  private final long batchTimeNanos;

  /** What the bodies in memory hold together at most: as many bodies as request threads. */
  private final BodyBudget bodies;

  private final StaticPage page = StaticPage.load();
  private final java.util.concurrent.atomic.AtomicInteger inFlight =
      new java.util.concurrent.atomic.AtomicInteger();
  private volatile boolean draining;
  private final AtomicBoolean diskFullLogged = new AtomicBoolean();

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
    NearDupIndex<String> index = directory.index();
    this.metrics = metrics;
    this.config = config;
    this.token =
        config.token() == null
            ? null
            : ("Bearer " + config.token()).getBytes(StandardCharsets.UTF_8);
    this.log = log;
    this.hosts = new HostCheck(config.host(), config.allowedHosts());
    Duplicates duplicates =
        new Duplicates(index, new Normalizer(directory.settings().sketch().normalizer()));
    this.health = new HealthEndpoint(directory, writer);
    this.add = new AddEndpoint(index, writer, json, duplicates);
    this.batch = new BatchEndpoint(index, writer, json, log);
    this.document = new DocumentEndpoint(index, writer);
    this.query = new QueryEndpoint(index, json, duplicates);
    this.batchTimeNanos = config.limits().requestTimeout().toNanos() / 2;
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
    call.onAnswered(failure -> finish(exchange, failure));
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
            dispatch(route, call, exchange.started);
            return true;
          }
          call.readBody(
              config.maxBodyBytes(),
              bodies,
              () ->
                  answer(
                      exchange,
                      () -> {
                        dispatch(route, call, exchange.started);
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
      } catch (WriterClosedException e) {
        if (call.status() == 0) {
          call.sendProblem(new ApiException(503, "Service unavailable", e.getMessage()));
        }
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
      if (over && !call.answered()) {
        finish(exchange, null); // else the answer's write finishes it
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
    if (exchange.finished.getAndSet(true)) {
      return;
    }
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

    /** Set by the first {@link #finish}: an exchange ends once. */
    final AtomicBoolean finished = new AtomicBoolean();

    Exchange(HttpCall call, Callback callback, long started, Scheduler.Task deadline) {
      this.call = call;
      this.callback = callback;
      this.started = started;
      this.deadline = deadline;
    }
  }

  /** Logs when writes start failing for a full disk, and when they go through again: once each. */
  private void logDiskFull() {
    Optional<DiskFullException> full = directory.diskFull();
    if (full.isPresent() && !diskFullLogged.getAndSet(true)) {
      log.accept("neardup: " + full.get().getMessage() + ": writes get 507 until space is freed");
    } else if (full.isEmpty()
        && diskFullLogged.get()
        && diskFullLogged.compareAndSet(true, false)) {
      log.accept("neardup: " + directory.directory() + ": writes go through again");
    }
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

  private void dispatch(Route route, HttpCall call, long started) throws IOException {
    switch (route.endpoint()) {
      case Route.HEALTH -> health.handle(call);
      case Route.STATS -> call.sendJson(200, AdminCommand.stats(directory));
      case Route.METRICS ->
          call.sendText(200, "text/plain; version=0.0.4; charset=utf-8", metrics.scrape());
      case Route.DOCUMENTS -> add.handle(call);
      case Route.BATCH -> batch.handle(call, WriteMode.of(call), started + batchTimeNanos);
      case Route.DOCUMENT -> document.handle(route, call);
      case Route.QUERY -> query.handle(call);
      case Route.PAGE -> page.sendPage(call);
      case Route.ASSET -> page.sendAsset(call, route.id());
      default -> throw new IllegalStateException("unrouted endpoint " + route.endpoint());
    }
  }
}
