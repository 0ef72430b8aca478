package org.neardup.server.http;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.function.Consumer;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.util.thread.Scheduler;

/**
 * Reads a request body without holding a thread: takes what has arrived, asks Jetty to call back
 * when more does ({@link Content.Source#demand}), and runs the endpoint once the body is in whole,
 * on the thread that read its end (one of the request threads). Jetty calls back one at a time, so
 * the state needs no lock.
 *
 * <p>A body larger than the limit, or one that does not fit the {@link BodyBudget}, is read on and
 * dropped, up to {@link #DROPPED_AT_MOST} bytes more, so that a client still sending gets the
 * refusal rather than a reset; the endpoint then gets the refusal (413 or 503) from {@link #bytes}.
 * A body not in whole within the body timeout has its connection closed, which ends the reading
 * with a failure.
 */
final class BodyReader implements Runnable {
  /** What is read and dropped past a refusal, at most, before it is answered. */
  static final long DROPPED_AT_MOST = 64L << 20;

  /** The largest array a JVM allocates. */
  private static final int MAX_ARRAY = Integer.MAX_VALUE - 8;

  private static final int FIRST_CAPACITY = 8192;

  private final Request request;
  private final long limit;
  private final BodyBudget budget;
  private final Runnable then;
  private final Consumer<Throwable> failed;
  private final Scheduler.Task deadline;
  private byte[] buffer = new byte[0];
  private int size;

  /** The bytes taken from the budget: the buffer's capacity. */
  private long taken;

  private ApiException refusal;
  private long dropped;

  /**
   * @param limit the largest body accepted (413 beyond)
   * @param then runs once the body is in whole (or refused and dropped)
   * @param failed runs instead when the reading fails: the connection closed (the body timeout
   *     included) or timed out
   * @param deadline the body timeout's task, cancelled when the reading ends
   */
  BodyReader(
      Request request,
      long limit,
      BodyBudget budget,
      Runnable then,
      Consumer<Throwable> failed,
      Scheduler.Task deadline) {
    this.request = request;
    this.limit = Math.min(limit, MAX_ARRAY);
    this.budget = budget;
    this.then = then;
    this.failed = failed;
    this.deadline = deadline;
    if (request.getLength() > this.limit) {
      refusal = tooLarge();
    }
  }

  /** Reads what has arrived; asks to be called back for more until the body is in. */
  @Override
  public void run() {
    while (true) {
      Content.Chunk chunk = request.read();
      if (chunk == null) {
        request.demand(this);
        return;
      }
      if (Content.Chunk.isFailure(chunk)) {
        deadline.cancel();
        failed.accept(chunk.getFailure());
        return;
      }
      boolean last = chunk.isLast();
      try {
        take(chunk.getByteBuffer());
      } finally {
        chunk.release();
      }
      boolean whole =
          refusal == null
              && size == request.getLength(); // the end of the content need not be waited for
      if (last || whole || (refusal != null && dropped > DROPPED_AT_MOST)) {
        deadline.cancel();
        then.run();
        return;
      }
    }
  }

  /** The whole body; the refusal when it was larger than the limit or did not fit the budget. */
  byte[] bytes() {
    if (refusal != null) {
      throw refusal;
    }
    return size == buffer.length ? buffer : Arrays.copyOf(buffer, size);
  }

  /** Gives the body's bytes back to the budget (once its answer starts); again, nothing. */
  void release() {
    budget.give(taken);
    taken = 0;
  }

  private void take(ByteBuffer bytes) {
    int n = bytes.remaining();
    if (refusal == null && n > limit - size) {
      refuse(tooLarge());
    }
    if (refusal == null && !fit(size + n)) {
      refuse(
          new ApiException(
              503,
              "Service unavailable",
              "the request bodies in memory hold the server's budget of "
                  + budget.capacity()
                  + " bytes (--max-body for each of --http-threads); send it again shortly"));
    }
    if (refusal != null) {
      dropped += n;
      return;
    }
    bytes.get(buffer, size, n);
    size += n;
  }

  /**
   * Grows the buffer to hold {@code needed} bytes (doubling, up to the declared length or the
   * limit) when the budget allows.
   */
  private boolean fit(int needed) {
    if (needed <= buffer.length) {
      return true;
    }
    long length = request.getLength();
    long most = length >= needed ? length : limit;
    int capacity =
        (int) Math.min(most, Math.max(needed, Math.max(FIRST_CAPACITY, 2L * buffer.length)));
    if (!budget.take(capacity - buffer.length)) {
      return false;
    }
    taken += capacity - buffer.length;
    buffer = Arrays.copyOf(buffer, capacity);
    return true;
  }

  private void refuse(ApiException problem) {
    refusal = problem;
    budget.give(taken);
    taken = 0;
    buffer = new byte[0];
    size = 0;
  }

  private ApiException tooLarge() {
    return new ApiException(
        413, "Payload too large", "the body is larger than the limit of " + limit + " bytes");
  }
}
