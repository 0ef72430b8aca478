package org.neardup.server.http;

import org.neardup.index.MatchLimits;

/**
 * The duplicates a batch's answer may still list: at most {@value #IN_ALL} in all, shared among its
 * chunks as they are committed, each item listing at least its best one. Without it a batch of
 * copies with {@code ?limit=N} would answer items × N duplicates (gigabytes for a request of
 * megabytes); with it the answer and the comparisons stay within a bound whatever {@code limit}
 * asks, and the duplicates not listed are counted ({@code moreDuplicates}). One per request; not
 * thread-safe.
 */
final class BatchListing {
  /** Duplicates a batch's answer lists in all, at most (beyond: one an item): {@value}. */
  static final int IN_ALL = 100_000;

  private final MatchLimits requested;
  private long left = IN_ALL;

  BatchListing(MatchLimits requested) {
    this.requested = requested;
  }

  /**
   * The limits of each of the next {@code items} items: the requested ones, or fewer listed (and
   * compared, down to {@link AnswerLimits#COMPARED}) when the duplicates left to list, shared
   * evenly, do not cover them.
   */
  MatchLimits next(int items) {
    long each = items == 0 ? requested.listed() : left / items;
    if (each >= requested.listed()) {
      return requested;
    }
    int listed = (int) Math.max(1, each);
    return new MatchLimits(listed, Math.max(AnswerLimits.COMPARED, listed));
  }

  /** Counts {@code count} duplicates listed. */
  void listed(int count) {
    left = Math.max(0, left - count);
  }
}
