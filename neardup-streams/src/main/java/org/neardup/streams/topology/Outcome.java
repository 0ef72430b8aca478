package org.neardup.streams.topology;

/**
 * A record for a user's topic: a decision for the output topic (null json: a tombstone) or a
 * rejected record for the rejects topic.
 */
record Outcome(boolean rejected, String json) {
  static Outcome decision(String json) {
    return new Outcome(false, json);
  }

  static Outcome rejection(String json) {
    return new Outcome(true, json);
  }
}
