package org.neardup.streams.wire;

import java.util.List;

/**
 * What one stage of the topology hands the next over an internal topic. Every message is keyed by
 * the document id; {@link MessageSerde} owns their bytes.
 */
public sealed interface Message
    permits Message.Entry, Message.Sequenced, Message.ShardCopy, Message.Report, Message.Notice {

  /** What a record asks for. */
  enum Kind {
    /** A document to decide. */
    DOCUMENT,
    /** A document whose text is empty after normalization: kept, never compared. */
    EMPTY,
    /** A null value: the document of this id is deleted. */
    TOMBSTONE
  }

  /** Where a record was read: its input partition and offset. */
  record Source(int partition, long offset) {}

  /** A valid input record, on its way to the sequencer. {@code text} is null for a tombstone. */
  record Entry(Kind kind, String text, Source source) implements Message {}

  /** A record given its position {@code seq} in the total order. */
  record Sequenced(long seq, Kind kind, String text, Source source) implements Message {}

  /**
   * A sketched record, one copy for each shard. The copy for the shard that owns the id carries the
   * shingle set (it stores the document); the others carry the text, shingled again only when one
   * of their documents is a candidate that passes the signature filter. Neither in estimate mode.
   */
  record ShardCopy(
      long seq,
      String id,
      int shard,
      Kind kind,
      int[] signature,
      long[] set,
      String text,
      Source source)
      implements Message {}

  /**
   * A verified neighbour: an earlier document of the shard at similarity at least the threshold.
   */
  record Neighbour(String id, long seq, double similarity) {}

  /**
   * What shards found for a record: their earlier documents at or above the threshold. A shard
   * sends one with {@code shards} 1; the decider merges them until every shard has reported.
   */
  record Report(
      long seq, String id, int shards, Kind kind, List<Neighbour> neighbours, Source source)
      implements Message {}

  /** The decision on the document {@code seq}, told to the shard that holds it. */
  record Notice(long seq, boolean kept) implements Message {}
}
