package org.neardup.spark.output;

import java.io.IOException;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.HashPartitioner;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.neardup.io.InputFormat;
import org.neardup.spark.corpus.ParquetInputs;
import org.neardup.spark.corpus.SparkCorpus.Sources;
import org.neardup.spark.input.HadoopConf;
import org.neardup.spark.input.InputSplit;
import org.neardup.spark.input.Ordinals;
import org.neardup.spark.input.SplitReader;
import scala.Tuple2;

/**
 * Writes the deduplicated copy: every input record except the non-representatives of each
 * cluster. The records to drop are sent to the task of their split (partitioned by split, no text
 * moves), which copies its split with neardup-io's copier of the format, byte for byte as {@code
 * ./neardup dedup} does: one part file a split, {@code part-NNNNN} with the input's extension, in
 * input order; records skipped as bad and empty lines are copied through. A CSV part repeats the
 * header, so each part is a CSV file of its own. Parquet input gives Parquet output with the
 * input's rows and schema. Stateless.
 */
public final class DedupWriter {
  private DedupWriter() {}

  /**
   * Writes the copy of {@code sources} without {@code dropped} (ordinals) to {@code directory};
   * returns the records kept.
   */
  public static long write(SparkSession spark, Sources sources, JavaRDD<Long> dropped, String directory)
      throws IOException {
    JavaSparkContext context = JavaSparkContext.fromSparkContext(spark.sparkContext());
    if (sources.isParquet()) {
      return writeParquet(spark, sources, dropped, directory);
    }
    List<InputSplit> splits = sources.splits();
    int n = Math.max(1, splits.size());
    HadoopConf hadoop = new HadoopConf(context.hadoopConfiguration());
    Broadcast<HadoopConf> conf = context.broadcast(hadoop);
    PartFiles.create(hadoop.get(), directory);
    JavaRDD<Long> kept = context.parallelize(splits, n).zipPartitions(bySplit(dropped, n), (splitIt, dropIt) -> {
      long[] drop = sortedRecordIndexes(dropIt);
      long written = 0;
      while (splitIt.hasNext()) {
        InputSplit split = splitIt.next();
        InputFormat format = InputFormat.parse(split.spec().format());
        long[] count = {0};
        PartFiles.write(conf.value().get(), directory, PartFiles.name(split.index(), PartFiles.extensionOf(split.file())),
            out -> count[0] = format.copyExcept(split.source(), SplitReader.opener(split, conf.value().get()),
                split.spec().inputOptions(), index -> Arrays.binarySearch(drop, index) >= 0, out, true));
        written += count[0];
      }
      return List.of(written).iterator();
    });
    long total = kept.reduce(Long::sum);
    PartFiles.success(hadoop.get(), directory);
    return total;
  }

  private static long writeParquet(SparkSession spark, Sources sources, JavaRDD<Long> dropped, String directory) {
    ParquetInputs.Rows rows = ParquetInputs.rows(spark, sources.files());
    int n = rows.rows().getNumPartitions();
    JavaRDD<Row> keptRows = rows.rows().zipPartitions(bySplit(dropped, n), (rowIt, dropIt) -> {
      long[] drop = sortedRecordIndexes(dropIt);
      return new Iterator<Row>() {
        long index;
        Row next = advance();

        private Row advance() {
          while (rowIt.hasNext()) {
            Row row = rowIt.next();
            if (Arrays.binarySearch(drop, index++) < 0) {
              return row;
            }
          }
          return null;
        }

        @Override
        public boolean hasNext() {
          return next != null;
        }

        @Override
        public Row next() {
          Row row = next;
          next = advance();
          return row;
        }
      };
    });
    var schema = spark.read().parquet(sources.files().get(0).file()).schema();
    spark.createDataFrame(keptRows, schema).write().parquet(directory);
    return spark.read().parquet(directory).count();
  }

  /** The dropped ordinals as (split, record index), partitioned by split: partition i holds split i's. */
  private static JavaRDD<Long> bySplit(JavaRDD<Long> dropped, int splits) {
    JavaPairRDD<Integer, Long> keyed = dropped.mapToPair(o -> new Tuple2<>(Ordinals.split(o), Ordinals.recordIndex(o)));
    return keyed.partitionBy(new HashPartitioner(splits)).values();
  }

  private static long[] sortedRecordIndexes(Iterator<Long> indexes) {
    long[] values = new long[16];
    int size = 0;
    while (indexes.hasNext()) {
      if (size == values.length) {
        values = Arrays.copyOf(values, 2 * size);
      }
      values[size++] = indexes.next();
    }
    long[] sorted = Arrays.copyOf(values, size);
    Arrays.sort(sorted);
    return sorted;
  }
}
