package org.neardup.streams.wire;

import java.util.List;
import java.util.Objects;

/**
 * What one stage of the topology hands the next over an internal topic. Every message is keyed by
 * the document id; {@link MessageSerde} owns their bytes.
 */
public sealed interface Message
    permits Message.Entry,
        Message.Parked,
        Message.Loaded,
        Message.Seal,
        Message.Sequenced,
        Message.ShardCopy,
        Message.Report,
        Message.Notice {

  /** What a record asks for. */
  enum Kind {
    /** A document to decide. */
    DOCUMENT,
    /** A document whose text is empty after normalization: kept, never compared. */
    EMPTY,
    /** A null value: the document of this id is deleted. */
    TOMBSTONE,
    /**
     * A document of the bootstrap (a signature file), sketched already: decided as a document is,
     * with no decision on the output topic (it is no input record).
     */
    LOADED
  }

  /** Where a record was read: its input partition and offset. */
  record Source(int partition, long offset) {}

  /** A valid input record, on its way to the sequencer. {@code text} is null for a tombstone. */
  record Entry(Kind kind, String text, Source source) implements Message {}

  /**
   * A valid input record that reached the sequencer before the bootstrap's seal: it waits in the
   * sequencer's store, under its arrival, until the seal comes.
   */
  record Parked(String id, Entry entry) implements Message {}

  /**
   * A document of the bootstrap, on the bootstrap topic under its id: the {@code index}-th entry of
   * the signature file whose {@code fingerprint} it carries, with its signature and its sorted
   * shingle set (null in estimate mode).
   */
  // Shares its arrays (no copy: a carrier between the topology's steps); equals and hashCode
  // compare them by identity, which no caller relies on.
  @SuppressWarnings("ArrayRecordComponent")
  record Loaded(long fingerprint, long index, int[] signature, long[] set) implements Message {}

  /**
   * The last record of the bootstrap topic: the bootstrap is whole, {@code entries} documents of
   * the files of {@code fingerprint}, named {@code files}; or, with {@code entries} 0 and {@code
   * files} empty, the application starts with no bootstrap. The sequencer decides no input record
   * before it.
   */
  record Seal(long fingerprint, long entries, String files) implements Message {
    /**
     * The seal's key on the bootstrap topic: no document id can be it (an id has no control
     * character), and the topic is compacted by key.
     */
    public static final String KEY = "\u0000seal";

    public Seal {
      Objects.requireNonNull(files, "files");
    }

    /** Whether this seal says the application starts with no bootstrap. */
    public boolean none() {
      return files.isEmpty();
    }
  }

  /**
   * A record given its position {@code seq} in the total order. {@code text} is a document's text;
   * a document of the bootstrap ({@link Kind#LOADED}) has its {@code signature} and {@code set}
   * instead.
   */
  // Shares its arrays (no copy: a carrier between the topology's steps); equals and hashCode
  // compare them by identity, which no caller relies on.
  @SuppressWarnings("ArrayRecordComponent")
  record Sequenced(long seq, Kind kind, String text, int[] signature, long[] set, Source source)
      implements Message {}

  /**
   * A sketched record, one copy for each shard. The copy for the shard that owns the id carries the
   * shingle set (it stores the document); the others carry the text, shingled again only when one
   * of their documents is a candidate that passes the signature filter. Neither in estimate mode.
   * Every copy of a document of the bootstrap ({@link Kind#LOADED}) carries its set: it has no
   * text.
   */
  // Shares its arrays (no copy: a carrier between the topology's steps); equals and hashCode
  // compare them by identity, which no caller relies on.
  @SuppressWarnings("ArrayRecordComponent")
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
