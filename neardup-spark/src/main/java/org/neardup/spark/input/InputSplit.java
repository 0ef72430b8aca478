package org.neardup.spark.input;

import com.esotericsoftware.kryo.DefaultSerializer;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import java.io.Serializable;

/**
 * A slice of one input file that one task reads: whole lines starting in {@code [start, start +
 * length)} of a line format, or the whole file (CSV, compressed files, Parquet). Splits are
 * numbered in input order (inputs as given, the files of a directory or glob by name, slices by
 * offset), and that number is the high half of each record's ordinal. Immutable and serializable.
 *
 * @param index position among all splits of the run, in input order
 * @param spec the input the file belongs to
 * @param source the file's name in messages (as given for a single file, else its full path)
 * @param file the file's full path (a Hadoop path string)
 * @param start first byte of the slice
 * @param length bytes in the slice; the file's length for a whole file
 * @param whole whether the file is read whole, from its first byte, whatever start and length say
 */
@DefaultSerializer(JavaSerializer.class)
public record InputSplit(
    int index, InputSpec spec, String source, String file, long start, long length, boolean whole)
    implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The ordinal of record {@code recordIndex} of this split. */
  public long ordinal(long recordIndex) {
    return Ordinals.of(index, recordIndex);
  }
}
