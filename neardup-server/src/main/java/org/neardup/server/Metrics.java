package org.neardup.server;

import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * The service's metrics, in Prometheus text format at {@code GET /metrics} (Micrometer): request
 * counts and latencies by endpoint, method and status (each from a closed set) (with histogram
 * buckets, so p99 can be computed), the documents held and disk used, and the committed write
 * batches. Thread-safe.
 */
public final class Metrics {
  private static final Set<String> METHODS =
      Set.of("GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT");
  private static final Set<Integer> STATUSES =
      Set.of(0, 200, 201, 204, 304, 400, 401, 404, 405, 409, 413, 415, 421, 500, 503, 507);

  private final Set<String> endpoints;
  private final PrometheusMeterRegistry registry =
      new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private final DistributionSummary batchSizes;

  /**
   * @param endpoints the endpoints labelled by name; any other is labelled "other"
   */
  public Metrics(Set<String> endpoints) {
    this.endpoints = Set.copyOf(endpoints);
    batchSizes =
        DistributionSummary.builder("neardup.commit.batch.writes")
            .description("writes committed together in one batch (one write-ahead-log sync)")
            .publishPercentileHistogram()
            .register(registry);
  }

  /**
   * Records one request. Its labels come from closed sets, whatever the client sent: the endpoint
   * if one the service serves (else "other"), the method if a standard one (else "other"), the
   * status if one the service answers (else its class, such as "4xx"). So no request can add more
   * than a bounded number of series.
   */
  public void request(String endpoint, String method, int status, long nanos) {
    Timer.builder("neardup.http.requests")
        .description("HTTP requests served")
        .tag("endpoint", endpoints.contains(endpoint) ? endpoint : "other")
        .tag("method", METHODS.contains(method) ? method : "other")
        .tag("status", STATUSES.contains(status) ? Integer.toString(status) : status / 100 + "xx")
        .publishPercentileHistogram()
        .minimumExpectedValue(Duration.ofNanos(50_000))
        .maximumExpectedValue(Duration.ofSeconds(10))
        .register(registry)
        .record(Duration.ofNanos(nanos));
  }

  /** Records one committed batch of {@code writes} writes. */
  public void batch(long writes) {
    batchSizes.record((double) writes);
  }

  /** Registers a gauge read when scraped. */
  public <T> void gauge(String name, String description, T source, ToDoubleFunction<T> value) {
    Gauge.builder(name, source, value).description(description).register(registry);
  }

  /** Every metric in Prometheus text exposition format. */
  public String scrape() {
    return registry.scrape();
  }
}
