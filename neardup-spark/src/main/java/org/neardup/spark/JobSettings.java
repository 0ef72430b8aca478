package org.neardup.spark;

import com.esotericsoftware.kryo.DefaultSerializer;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import java.io.Serializable;
import java.util.Objects;
import org.neardup.cluster.KeepOrder;
import org.neardup.cluster.KeepPolicy;
import org.neardup.config.PipelineConfig;
import org.neardup.input.OnError;

/**
 * What a run of the Spark job decides, whatever it reads: the pipeline's settings, and what the
 * Spark job adds. {@link NearDupSpark} holds one; {@code ./neardup spark} builds one from the same
 * options. Immutable and serializable; change it with the {@code with...} methods.
 *
 * @param config the pipeline settings (threshold, sketch, banding, verification), as {@code
 *     ./neardup pairs} builds them from the same options
 * @param keep the representative of a cluster and the kept document of a group (clusters, dedup):
 *     the first in this order ({@code --keep}: input order, longest or shortest text, a field's
 *     number, optionally after the input priority)
 * @param onError what to do with bad records (an id or text missing or invalid, a repeated id)
 * @param bucketCap distinct texts a bucket may hold before it is a giant bucket (0: no cap)
 * @param partitions partitions of the shuffles (banding, verification, components, output); 0 to
 *     choose from the input ({@link #autoPartitions})
 */
@DefaultSerializer(JavaSerializer.class)
public record JobSettings(
    PipelineConfig config, KeepOrder keep, OnError onError, int bucketCap, int partitions)
    implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The default {@link #bucketCap}. */
  public static final int DEFAULT_BUCKET_CAP = 1000;

  /** {@link #partitions} chosen from the input ({@link #autoPartitions}). */
  public static final int AUTO_PARTITIONS = 0;

  /**
   * Input bytes a task reads and a shuffle partition stands for when the options leave both to the
   * job: a document's shuffles are several times its input bytes, and partitions much larger than
   * this spend most of their time collecting garbage.
   */
  public static final long AUTO_BYTES_PER_TASK = 16L << 20;

  /** The most partitions {@link #autoPartitions} gives. */
  public static final int MAX_AUTO_PARTITIONS = 8192;

  public JobSettings {
    Objects.requireNonNull(config, "config");
    Objects.requireNonNull(keep, "keep");
    Objects.requireNonNull(onError, "onError");
    if (bucketCap < 0 || bucketCap == 1) {
      throw new IllegalArgumentException(
          "bucket cap must be 0 (no cap) or at least 2, got " + bucketCap);
    }
    if (partitions < 0) {
      throw new IllegalArgumentException(
          "partitions must be at least 1 (0: automatic), got " + partitions);
    }
  }

  /**
   * The settings of {@code config}, with the defaults for the rest: keep the first, fail on a bad
   * record, buckets capped at {@value #DEFAULT_BUCKET_CAP} texts, partitions from the input.
   */
  public static JobSettings of(PipelineConfig config) {
    return new JobSettings(
        config, KeepOrder.FIRST, OnError.FAIL, DEFAULT_BUCKET_CAP, AUTO_PARTITIONS);
  }

  /** These settings with {@code value} for {@link #config}. */
  public JobSettings withConfig(PipelineConfig value) {
    return new JobSettings(value, keep, onError, bucketCap, partitions);
  }

  /** These settings with {@code value} for {@link #keep}. */
  public JobSettings withKeep(KeepOrder value) {
    return new JobSettings(config, value, onError, bucketCap, partitions);
  }

  /** These settings with {@code value}'s order for {@link #keep}. */
  public JobSettings withKeep(KeepPolicy value) {
    return withKeep(KeepOrder.of(value));
  }

  /** These settings with {@code value} for {@link #onError}. */
  public JobSettings withOnError(OnError value) {
    return new JobSettings(config, keep, value, bucketCap, partitions);
  }

  /** These settings with {@code value} for {@link #bucketCap}. */
  public JobSettings withBucketCap(int value) {
    return new JobSettings(config, keep, onError, value, partitions);
  }

  /** These settings with {@code value} for {@link #partitions}. */
  public JobSettings withPartitions(int value) {
    return new JobSettings(config, keep, onError, bucketCap, value);
  }

  /**
   * The split size when none is set: the text inputs' size over twice the parallelism (so that
   * every core reads and signs), between 1 MiB and {@link #AUTO_BYTES_PER_TASK}.
   */
  public static long autoSplitBytes(long inputBytes, int parallelism) {
    long share = inputBytes / Math.max(1, 2L * parallelism);
    return Math.max(1L << 20, Math.min(AUTO_BYTES_PER_TASK, share));
  }

  /**
   * The partitions when none are set: twice the parallelism, or one per {@link
   * #AUTO_BYTES_PER_TASK} of input when that is more, at most {@link #MAX_AUTO_PARTITIONS}.
   */
  public static int autoPartitions(long inputBytes, int parallelism) {
    long bySize =
        Math.min(
            MAX_AUTO_PARTITIONS,
            (Math.max(0, inputBytes) + AUTO_BYTES_PER_TASK - 1) / AUTO_BYTES_PER_TASK);
    return (int) Math.max(Math.max(1, 2L * parallelism), bySize);
  }
}
