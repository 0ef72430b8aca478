package org.neardup.server.http;

import org.neardup.index.MatchLimits;

/**
 * How many near-duplicates an answer lists and how many candidates it compares, from {@code
 * ?limit=N}: the listed ones best first, the rest counted ({@code moreDuplicates}), among at most
 * {@link #COMPARED} candidates (or N, when larger; {@code notCompared} counts at least those left),
 * so that an add, a batch item or a query costs and answers a bounded amount however many copies of
 * its text the index holds. Stateless.
 */
final class AnswerLimits {
  /** Duplicates listed for an add or a query without {@code limit}: {@value}. */
  static final int LISTED = 100;

  /** Duplicates listed for each item of a batch without {@code limit}: {@value}. */
  static final int BATCH_LISTED = 10;

  /** Candidates compared at most, unless {@code limit} asks for more: {@value}. */
  static final int COMPARED = 1000;

  private AnswerLimits() {}

  /** The limits of {@code call}'s {@code limit} parameter, {@code listed} when it is absent. */
  static MatchLimits of(HttpCall call, int listed) {
    int limit = call.count("limit", listed);
    return new MatchLimits(limit, Math.max(COMPARED, limit));
  }
}
