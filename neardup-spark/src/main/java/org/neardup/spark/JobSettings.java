package org.neardup.spark;

import java.io.Serializable;
import java.util.List;
import java.util.Objects;
import org.neardup.cluster.KeepPolicy;
import org.neardup.input.OnError;
import org.neardup.pipeline.PipelineConfig;
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
 * @param splitBytes bytes of a line-format file that one task reads
 */
public record JobSettings(
    PipelineConfig config,
    List<InputSpec> inputs,
    OnError onError,
    KeepPolicy keep,
    int bucketCap,
    int partitions,
    long splitBytes) implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The default {@link #bucketCap}. */
  public static final int DEFAULT_BUCKET_CAP = 1000;

  /** The default {@link #splitBytes}: 64 MiB. */
  public static final long DEFAULT_SPLIT_BYTES = 64L << 20;

  public JobSettings {
    Objects.requireNonNull(config, "config");
    inputs = List.copyOf(inputs);
    Objects.requireNonNull(onError, "onError");
    Objects.requireNonNull(keep, "keep");
    if (bucketCap < 0 || bucketCap == 1) {
      throw new IllegalArgumentException("bucket cap must be 0 (no cap) or at least 2, got " + bucketCap);
    }
    if (partitions < 1) {
      throw new IllegalArgumentException("partitions must be at least 1, got " + partitions);
    }
    if (splitBytes < 1) {
      throw new IllegalArgumentException("split size must be at least 1 byte, got " + splitBytes);
    }
  }

  /** Settings with the defaults for what the pipeline config does not say. */
  public static JobSettings of(PipelineConfig config, List<InputSpec> inputs, int partitions) {
    return new JobSettings(config, inputs, OnError.FAIL, KeepPolicy.FIRST, DEFAULT_BUCKET_CAP, partitions,
        DEFAULT_SPLIT_BYTES);
  }

  public JobSettings withBucketCap(int cap) {
    return new JobSettings(config, inputs, onError, keep, cap, partitions, splitBytes);
  }

  public JobSettings withKeep(KeepPolicy policy) {
    return new JobSettings(config, inputs, onError, policy, bucketCap, partitions, splitBytes);
  }

  public JobSettings withOnError(OnError policy) {
    return new JobSettings(config, inputs, policy, keep, bucketCap, partitions, splitBytes);
  }

  public JobSettings withSplitBytes(long bytes) {
    return new JobSettings(config, inputs, onError, keep, bucketCap, partitions, bytes);
  }
}
