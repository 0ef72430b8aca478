package org.neardup.streams.topology;

import java.util.List;
import java.util.Objects;
import org.neardup.config.PipelineConfig;

/**
 * What a dedup topology is built from: its topics, its number of shards, how a record's text is
 * read, and the settings of {@code pairs} (threshold, shingles, signature, banding, verification).
 *
 * @param inputTopic records keyed by document id; the value is the text, or a JSON object whose
 *     {@code textFields} hold it; a null value (tombstone) deletes
 * @param outputTopic one decision a document, keyed by its id
 * @param rejectsTopic one record a bad input record, with the reason
 * @param noticeTopic where the decider tells each shard what became of the documents it holds (a
 *     topic of {@code shards} partitions the application creates; the topology reads it back)
 * @param bootstrapTopic the documents the application starts with, kept, then a seal (a topic of
 *     one partition the application creates, sealed before the stream starts: {@code
 *     command.Bootstrap}); no input record is decided before the seal
 * @param shards how many shards hold the documents: the partitions of the internal topics
 * @param textFields the JSON fields whose text is the document (joined by a space), or empty for a
 *     value that is the text itself
 * @param config the settings of {@code pairs}
 */
public record StreamSettings(
    String inputTopic,
    String outputTopic,
    String rejectsTopic,
    String noticeTopic,
    String bootstrapTopic,
    int shards,
    List<String> textFields,
    PipelineConfig config) {
  public StreamSettings {
    Objects.requireNonNull(inputTopic, "inputTopic");
    Objects.requireNonNull(outputTopic, "outputTopic");
    Objects.requireNonNull(rejectsTopic, "rejectsTopic");
    Objects.requireNonNull(noticeTopic, "noticeTopic");
    Objects.requireNonNull(bootstrapTopic, "bootstrapTopic");
    Objects.requireNonNull(config, "config");
    textFields = List.copyOf(textFields);
    if (shards < 1) {
      throw new IllegalArgumentException("shards must be at least 1, got " + shards);
    }
  }
}
