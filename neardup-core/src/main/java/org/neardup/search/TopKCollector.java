package org.neardup.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * The k best (handle, similarity) offered so far: highest similarity first, ties to the lower
 * handle. Not thread-safe: one query, one collector.
 */
public final class TopKCollector {
  /** A document found, by handle, with its similarity. */
  public record Found(long handle, double similarity) {
    /** Best first: by similarity descending, then handle ascending. */
    public static final Comparator<Found> BEST_FIRST =
        Comparator.comparingDouble(Found::similarity).reversed().thenComparingLong(Found::handle);
  }

  private final int k;
  private final PriorityQueue<Found> worstFirst = new PriorityQueue<>(Found.BEST_FIRST.reversed());

  /** Keeps the {@code k} best, k &gt;= 1. */
  public TopKCollector(int k) {
    if (k < 1) {
      throw new IllegalArgumentException("k must be at least 1, got " + k);
    }
    this.k = k;
  }

  /** Offers a document; kept if it is among the k best so far. */
  public void offer(long handle, double similarity) {
    Found found = new Found(handle, similarity);
    if (worstFirst.size() < k) {
      worstFirst.add(found);
    } else if (Found.BEST_FIRST.compare(found, worstFirst.peek()) < 0) {
      worstFirst.poll();
      worstFirst.add(found);
    }
  }

  /** Whether k documents are held. */
  boolean isFull() {
    return worstFirst.size() == k;
  }

  /** The k-th best similarity when full, else {@code orElse}. */
  public double kth(double orElse) {
    return isFull() ? worstFirst.peek().similarity() : orElse;
  }

  /** Documents held. */
  public int size() {
    return worstFirst.size();
  }

  /** The documents held, best first. */
  public List<Found> results() {
    List<Found> results = new ArrayList<>(worstFirst);
    results.sort(Found.BEST_FIRST);
    return results;
  }
}
