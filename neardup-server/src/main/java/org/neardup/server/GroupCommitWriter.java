package org.neardup.server;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;
import org.neardup.index.IndexWrite;
import org.neardup.index.NearDupIndex;
import org.neardup.index.PreparedWrites;
import org.neardup.index.WriteResult;
import org.neardup.server.store.DiskFullException;

/**
 * Group commit: request threads hand in their writes, sketched and {@linkplain NearDupIndex#prepare
 * prepared} (sets sorted, bucket keys hashed); one committer thread applies whatever has queued up
 * as one {@link NearDupIndex#writePrepared} batch — one atomic write and one write-ahead-log sync
 * for all of them — and then completes every request. Concurrent writers thus share syncs: the more
 * clients write at once, the more writes each sync carries. A request's writes stay together and in
 * order; requests are applied in the order they were queued.
 *
 * <p>Writes are serialised here, so a {@linkplain IndexWrite#unique() unique} write is decided on
 * the committer thread, inside the batch, against everything committed and every write of the batch
 * before it: of two near-duplicates written concurrently, exactly one is kept.
 *
 * <p>A request's future completes only after its batch is durable (when the storage is durable), so
 * an acknowledged write survives a crash. {@link #close} cancels what is not committed yet, so that
 * a server stops within one write's time whatever is queued. If the commit fails, none of it was
 * applied (the index rolls it back); its requests are then committed one at a time, so that only
 * the requests that fail alone fail, each with nothing of it applied. Thread-safe.
 */
public final class GroupCommitWriter implements IndexWriter, AutoCloseable {
  /** Most writes in one batch: bounds the latency a batch adds and the memory of a commit. */
  static final int MAX_BATCH = 4096;

  private final NearDupIndex<String> index;
  private final BlockingQueue<Request> queue;
  private final LongConsumer batchSizes;
  private final Thread committer;
  private volatile boolean running = true;
  private volatile Throwable lastFailure;

  private record Request(
      PreparedWrites<String> writes, CompletableFuture<List<WriteResult<String>>> done) {}

  /**
   * @param capacity requests that may wait at once; {@link #submit} blocks when full
   *     (back-pressure)
   * @param batchSizes told the number of writes of each committed batch (for metrics)
   */
  public GroupCommitWriter(NearDupIndex<String> index, int capacity, LongConsumer batchSizes) {
    this(index, capacity, batchSizes, true);
  }

  /**
   * @param start whether the committer starts now; else at {@link #start()} (tests queue requests
   *     first, to see them committed together)
   */
  GroupCommitWriter(
      NearDupIndex<String> index, int capacity, LongConsumer batchSizes, boolean start) {
    this.index = index;
    this.queue = new ArrayBlockingQueue<>(capacity);
    this.batchSizes = batchSizes;
    this.committer = new Thread(this::run, "neardup-committer");
    this.committer.setDaemon(true);
    if (start) {
      start();
    }
  }

  /** Starts the committer. */
  void start() {
    committer.start();
  }

  @Override
  public List<WriteResult<String>> write(List<IndexWrite<String>> writes) {
    try {
      return submit(writes).get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for a commit", e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException runtime) {
        throw runtime;
      }
      if (cause instanceof Error error) {
        throw error;
      }
      throw new IllegalStateException(cause);
    }
  }

  /**
   * Queues {@code writes} and returns a future of their results, completed once they are committed.
   *
   * @throws WriterClosedException when the writer is closed
   */
  CompletableFuture<List<WriteResult<String>>> submit(List<IndexWrite<String>> writes)
      throws InterruptedException {
    // sorting sets and hashing bucket keys here, on the request's thread, not on the committer's
    Request request = new Request(index.prepare(writes), new CompletableFuture<>());
    while (!queue.offer(request, 100, TimeUnit.MILLISECONDS)) {
      if (!running) {
        throw new WriterClosedException();
      }
    }
    if (!running && queue.remove(request)) {
      throw new WriterClosedException();
    }
    return request.done();
  }

  private void run() {
    List<Request> batch = new ArrayList<>();
    while (running) {
      try {
        Request first = queue.poll(100, TimeUnit.MILLISECONDS);
        if (first == null) {
          continue;
        }
        batch.add(first);
        int size = first.writes().size();
        for (Request next;
            size < MAX_BATCH
                && (next = queue.peek()) != null
                && size + next.writes().size() <= MAX_BATCH; ) {
          batch.add(queue.poll());
          size += next.writes().size();
        }
        commit(batch, size);
      } catch (InterruptedException e) {
        break; // closed
      } finally {
        batch.clear();
      }
    }
    for (Request left; (left = queue.poll()) != null; ) {
      left.done().completeExceptionally(new WriterClosedException());
    }
  }

  /**
   * Commits the requests of {@code batch} together. When that fails for another reason than a full
   * disk (a damaged table read by one request's writes, say), each request is committed again on
   * its own, so that one request's failure is not the others'.
   */
  private void commit(List<Request> batch, int size) {
    try {
      commitTogether(batch, size);
    } catch (RuntimeException | Error e) {
      if (!running) { // cancelled by close: rolled back
        for (Request request : batch) {
          request.done().completeExceptionally(new WriterClosedException());
        }
        return;
      }
      if (batch.size() == 1 || e instanceof DiskFullException) {
        for (Request request : batch) {
          request.done().completeExceptionally(e);
        }
        return;
      }
      for (Request request : batch) {
        try {
          commitTogether(List.of(request), request.writes().size());
        } catch (RuntimeException | Error alone) {
          request.done().completeExceptionally(alone);
        }
      }
    }
  }

  /** Commits the requests as one batch and completes them; throws what the commit threw. */
  private void commitTogether(List<Request> batch, int size) {
    List<PreparedWrites<String>> writes = new ArrayList<>(batch.size());
    for (Request request : batch) {
      writes.add(request.writes());
    }
    List<WriteResult<String>> results;
    try {
      results = index.writePrepared(writes);
    } catch (RuntimeException | Error e) {
      lastFailure = e;
      throw e;
    }
    lastFailure = null;
    batchSizes.accept(size);
    int from = 0;
    for (Request request : batch) {
      int to = from + request.writes().size();
      request.done().complete(results.subList(from, to));
      from = to;
    }
  }

  /**
   * The failure of the last commit, or null when it succeeded (or none was tried): what {@code
   * /health} reports.
   */
  @Override
  public Throwable lastFailure() {
    return lastFailure;
  }

  /**
   * Stops taking writes and cancels those not yet committed: the batch being committed stops
   * between two writes and is rolled back (the committer is interrupted), and it and the requests
   * queued fail with {@link WriterClosedException}, nothing of them stored. Returns once the
   * committer has ended, after one write's time at most.
   */
  @Override
  public void close() {
    running = false;
    committer.interrupt();
    try {
      committer.join(TimeUnit.SECONDS.toMillis(30));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
