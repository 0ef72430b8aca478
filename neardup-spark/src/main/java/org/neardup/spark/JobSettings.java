package org.neardup.spark;

import java.io.Serializable;
import java.util.List;
import java.util.Objects;
import org.neardup.cluster.KeepPolicy;
import org.neardup.config.PipelineConfig;
import org.neardup.input.OnError;
import org.neardup.spark.input.InputSpec;

/**
 * Everything one run of the Spark job needs. Immutable and serializable.
 *
 * @param config the pipeline settings (threshold, sketch, banding, verification), as {@code
 *     ./neardup pairs} builds them from the same options
 * @param inputs the inputs, in order
 * @param onError what to do with bad records
 * @param keep the representative of a cluster (clusters, dedup)
 * @param bucketCap distinct texts a bucket may hold before it is a giant bucket (0: no cap)
 * @param partitions partitions of the shuffles (banding, verification, components, output)
 * @param splitBytes bytes of a line-format file that one task reads; 0 for {@link #autoSplitBytes}
 */
public record JobSettings(
    PipelineConfig config,
    List<InputSpec> inputs,
    OnError onError,
    KeepPolicy keep,
    int bucketCap,
    int partitions,
    long splitBytes)
    implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The default {@link #bucketCap}. */
  public static final int DEFAULT_BUCKET_CAP = 1000;

  /** The default {@link #splitBytes}: chosen from the input size ({@link #autoSplitBytes}). */
  public static final long DEFAULT_SPLIT_BYTES = 0;

  public JobSettings {
    Objects.requireNonNull(config, "config");
    inputs = List.copyOf(inputs);
    Objects.requireNonNull(onError, "onError");
    Objects.requireNonNull(keep, "keep");
    if (bucketCap < 0 || bucketCap == 1) {
      throw new IllegalArgumentException(
          "bucket cap must be 0 (no cap) or at least 2, got " + bucketCap);
    }
    if (partitions < 1) {
      throw new IllegalArgumentException("partitions must be at least 1, got " + partitions);
    }
    if (splitBytes < 0) {
      throw new IllegalArgumentException(
          "split size must be at least 1 byte (0: automatic), got " + splitBytes);
    }
  }

  /**
   * Input bytes a task reads and a shuffle partition stands for when the options leave both to the
   * job: a document's shuffles are several times its input bytes, and partitions much larger than
   * this spend most of their time collecting garbage.
   */
  public static final long AUTO_BYTES_PER_TASK = 16L << 20;

  /** The most partitions {@link #autoPartitions} gives. */
  public static final int MAX_AUTO_PARTITIONS = 8192;

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

  /** Settings with the defaults for what the pipeline config does not say. */
  public static JobSettings of(PipelineConfig config, List<InputSpec> inputs, int partitions) {
    return new JobSettings(
        config,
        inputs,
        OnError.FAIL,
        KeepPolicy.FIRST,
        DEFAULT_BUCKET_CAP,
        partitions,
        DEFAULT_SPLIT_BYTES);
  }
}
