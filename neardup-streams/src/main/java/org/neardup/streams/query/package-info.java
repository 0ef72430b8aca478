/**
 * Queries over the state of a running application ("the near-duplicates of this text"): a small
 * HTTP endpoint on each instance that asks every instance holding a shard, and the decider's, and
 * merges their answers (Kafka Streams' interactive queries).
 */
package org.neardup.streams.query;
