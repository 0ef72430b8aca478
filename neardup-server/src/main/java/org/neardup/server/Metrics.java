package org.neardup.server;

import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.function.ToDoubleFunction;

/**
 * The service's metrics, in Prometheus text format at {@code GET /metrics} (Micrometer): request
 * counts and latencies by endpoint, method and status (with histogram buckets, so p99 can be
 * computed), the documents held and disk used, and the committed write batches. Thread-safe.
 */
public final class Metrics {
  private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private final DistributionSummary batchSizes;

  public Metrics() {
    batchSizes = DistributionSummary.builder("neardup.commit.batch.writes")
        .description("writes committed together in one batch (one write-ahead-log sync)")
        .publishPercentileHistogram()
        .register(registry);
  }

  /** Records one request. */
  public void request(String endpoint, String method, int status, long nanos) {
    Timer.builder("neardup.http.requests")
        .description("HTTP requests served")
        .tag("endpoint", endpoint)
        .tag("method", method)
        .tag("status", Integer.toString(status))
        .publishPercentileHistogram()
        .minimumExpectedValue(Duration.ofNanos(50_000))
        .maximumExpectedValue(Duration.ofSeconds(10))
        .register(registry)
        .record(Duration.ofNanos(nanos));
  }

  /** Records one committed batch of {@code writes} writes. */
  public void batch(long writes) {
    batchSizes.record(writes);
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
