package org.neardup.server.http;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The bytes that the request bodies in memory may hold together, from their first byte until their
 * request is answered: what keeps many bodies read at once (each of them within the body limit)
 * from filling the heap. Thread-safe.
 */
final class BodyBudget {
  private final long capacity;
  private final AtomicLong used = new AtomicLong();

  /**
   * @param capacity bytes at most, at least 1
   */
  BodyBudget(long capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException(
          "the body budget must be at least 1 byte, got " + capacity);
    }
    this.capacity = capacity;
  }

  /** {@code bodies} bodies of {@code maxBytes} each, or the largest budget when that overflows. */
  static BodyBudget of(int bodies, long maxBytes) {
    return new BodyBudget(maxBytes > Long.MAX_VALUE / bodies ? Long.MAX_VALUE : bodies * maxBytes);
  }

  long capacity() {
    return capacity;
  }

  /** Bytes held now. */
  long used() {
    return used.get();
  }

  /** Takes {@code bytes} when they fit, and says whether they did. */
  boolean take(long bytes) {
    long now;
    do {
      now = used.get();
      if (bytes > capacity - now) {
        return false;
      }
    } while (!used.compareAndSet(now, now + bytes));
    return true;
  }

  /** Gives back {@code bytes} taken. */
  void give(long bytes) {
    used.addAndGet(-bytes);
  }
}
