package org.neardup.spark.input;

import com.esotericsoftware.kryo.DefaultSerializer;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import java.io.Serializable;

/**
 * A bad record or an unreadable input met by a task, with where it was met: the split and the line
 * relative to the split's first line (the driver turns it into the file's line for the message).
 * Immutable and serializable.
 *
 * @param split the {@link InputSplit#index()}
 * @param relativeLine 1-based line within the split, or 0 when not tied to a line
 * @param recordIndex the bad record's index within the split (as the copiers of neardup-io count
 *     records), or -1 when the problem is not tied to one record
 * @param problem the name of the skippable {@link org.neardup.input.InputProblem}, or null for a
 *     problem that always stops the run
 * @param detail what is wrong, without the {@code FILE:LINE:} prefix
 */
@DefaultSerializer(JavaSerializer.class)
public record InputIssue(
    int split, long relativeLine, long recordIndex, String problem, String detail)
    implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The ordinal of the bad record, or -1 when the problem is not tied to one record. */
  public long ordinal() {
    return recordIndex < 0 ? -1 : Ordinals.of(split, recordIndex);
  }

  /** Orders issues as the CLI meets them: by split, then line. */
  public long order() {
    return Ordinals.of(split, Math.min(relativeLine, Ordinals.MAX_RECORDS_PER_SPLIT - 1));
  }
}
