package org.neardup.spark.reference;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.function.LongConsumer;
import java.util.zip.GZIPInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.neardup.batch.reference.StreamedReference;
import org.neardup.format.SignatureFile;
import org.neardup.io.ReferenceFiles;
import org.neardup.sketch.SketchParams;
import org.neardup.spark.input.HadoopConf;

/**
 * A signature file on a file system Hadoop reads ({@code hdfs://}, {@code s3a://}, {@code file:})
 * as a reference: the entries of {@code ReferenceFiles.signatures}, read through Hadoop's streams
 * ({@code .gz} decompressed). Not thread-safe: one thread reads at a time.
 */
final class HadoopSignatures implements StreamedReference {
  private final String path;
  private final HadoopConf hadoop;
  private final SketchParams params;
  private final boolean withSets;

  private HadoopSignatures(String path, HadoopConf hadoop, SketchParams params, boolean withSets) {
    this.path = path;
    this.hadoop = hadoop;
    this.params = params;
    this.withSets = withSets;
  }

  /**
   * Opens {@code path} and reads its header.
   *
   * @throws UncheckedIOException when it cannot be read, naming it
   * @throws org.neardup.format.CorruptFormatException when it is not a signature file
   */
  static HadoopSignatures open(String path, HadoopConf hadoop) {
    try (InputStream in = stream(path, hadoop);
        SignatureFile.Reader reader = SignatureFile.read(in, path)) {
      return new HadoopSignatures(path, hadoop, reader.params(), reader.withSets());
    } catch (IOException e) {
      throw failure(path, e);
    }
  }

  @Override
  public String name() {
    return path;
  }

  @Override
  public SketchParams params() {
    return params;
  }

  @Override
  public boolean givesSets() {
    return withSets;
  }

  @Override
  public long bytes() {
    return -1;
  }

  @Override
  public void read(Sink sink, LongConsumer bytesRead) {
    try (InputStream in = stream(path, hadoop);
        SignatureFile.Reader reader = SignatureFile.read(in, path)) {
      ReferenceFiles.sketchEach(reader, sink);
    } catch (IOException e) {
      throw failure(path, e);
    }
  }

  private static InputStream stream(String path, HadoopConf hadoop) throws IOException {
    Path file = new Path(path);
    FileSystem fs = file.getFileSystem(hadoop.get());
    InputStream in = fs.open(file);
    return path.endsWith(".gz") ? new GZIPInputStream(in, 1 << 16) : in;
  }

  private static UncheckedIOException failure(String path, IOException e) {
    return new UncheckedIOException(new IOException(path + ": cannot read: " + e.getMessage(), e));
  }
}
