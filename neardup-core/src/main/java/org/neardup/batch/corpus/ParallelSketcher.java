package org.neardup.batch.corpus;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.neardup.api.Faces;
import org.neardup.config.MemoryBudget;
import org.neardup.input.Document;
import org.neardup.internal.concurrent.ParallelRange;
import org.neardup.internal.concurrent.Workers;
import org.neardup.sketch.DocumentSketcher;
import org.neardup.sketch.Sketch;

/**
 * Sketches a stream of documents on several threads and hands them back in input order, a batch at
 * a time, on the thread that feeds it: for consumers that stream sketches somewhere (the service's
 * bulk load) rather than keep a {@link Corpus}. At most a few batches are in flight, so memory
 * stays bounded. Not thread-safe: feed it from one thread; close it when done.
 */
@Faces
public final class ParallelSketcher implements AutoCloseable {
  /** Receives sketched documents in input order. */
  @FunctionalInterface
  public interface Consumer {
    /** {@code sketches.get(i)} is the sketch of {@code documents.get(i)}. */
    void accept(List<Document> documents, List<Sketch> sketches);
  }

  private final DocumentSketcher sketcher;
  private final Consumer consumer;
  private final int batchSize;
  private final long batchChars;
  private long chars;
  private final ExecutorService workers;
  private final ArrayDeque<Future<Sketched>> pending = new ArrayDeque<>();
  private final int maxPending;
  private List<Document> batch;

  private record Sketched(List<Document> documents, List<Sketch> sketches) {}

  /**
   * A sketcher on {@code threads} threads whose batches end at {@code batchSize} documents or
   * {@code batchChars} chars of text, whichever comes first ({@link MemoryBudget#batchChars} with
   * {@link #batchesInFlight}), so that long documents do not fill the heap.
   */
  public ParallelSketcher(
      DocumentSketcher sketcher, int threads, int batchSize, long batchChars, Consumer consumer) {
    this.sketcher = Objects.requireNonNull(sketcher, "sketcher");
    this.consumer = Objects.requireNonNull(consumer, "consumer");
    if (threads < 1 || batchSize < 1 || batchChars < 1) {
      throw new IllegalArgumentException("threads, batch size and batch chars must be at least 1");
    }
    this.batchSize = batchSize;
    this.batchChars = batchChars;
    this.batch = new ArrayList<>(batchSize);
    this.workers = Executors.newFixedThreadPool(threads, Workers.daemonFactory("neardup-sketch"));
    this.maxPending = threads * 2;
  }

  /**
   * The most batches in flight at once with {@code threads} threads (for {@link
   * MemoryBudget#batchChars}).
   */
  public static int batchesInFlight(int threads) {
    return 2 * threads + 2;
  }

  /** Adds the next document; may hand earlier ones to the consumer. */
  public void add(Document document) {
    batch.add(Objects.requireNonNull(document, "document"));
    chars += document.text().length();
    if (batch.size() == batchSize || chars >= batchChars) {
      submit();
    }
  }

  private void submit() {
    List<Document> documents = batch;
    batch = new ArrayList<>(batchSize);
    chars = 0;
    pending.add(
        workers.submit(
            () -> {
              List<Sketch> sketches = new ArrayList<>(documents.size());
              for (Document document : documents) {
                Sketch sketch = sketcher.sketch(document.text());
                sketch.shingleSet(); // sorted here, in parallel
                sketches.add(sketch);
              }
              return new Sketched(documents, sketches);
            }));
    while (pending.size() > maxPending) {
      deliver(pending.poll());
    }
  }

  /** Sketches what is left and hands everything to the consumer. */
  public void finish() {
    if (!batch.isEmpty()) {
      submit();
    }
    while (!pending.isEmpty()) {
      deliver(pending.poll());
    }
  }

  private void deliver(Future<Sketched> future) {
    Sketched sketched =
        ParallelRange.get(future); // a worker's exception or error (out of memory) as thrown
    consumer.accept(sketched.documents(), sketched.sketches());
  }

  /** Stops the workers; documents not yet finished are dropped. */
  @Override
  public void close() {
    workers.shutdownNow();
  }
}
