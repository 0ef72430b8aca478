package org.neardup.spark.output;

import java.io.IOException;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.neardup.format.SignatureFile;
import org.neardup.sketch.DocumentSketcher;
import org.neardup.sketch.SketchParams;
import org.neardup.spark.corpus.SignedSplit;
import org.neardup.spark.input.HadoopConf;

/**
 * Writes the signatures of the documents in the engine's signature file layout ({@link
 * SignatureFile}, {@code .nds}: params header, then id, text length, signature and, with exact
 * verification, the shingle set), one part file a partition, for {@code ./neardup pairs
 * --signatures} and the service's bulk load. Stateless.
 */
public final class SignatureFilesWriter {
  private SignatureFilesWriter() {}

  /** Writes {@code documents} to {@code directory}; returns the entries written. */
  public static long write(
      JavaSparkContext context,
      JavaRDD<SignedSplit> documents,
      SketchParams params,
      boolean withSets,
      String directory)
      throws IOException {
    HadoopConf hadoop = new HadoopConf(context.hadoopConfiguration());
    Broadcast<HadoopConf> conf = context.broadcast(hadoop);
    PartFiles.create(hadoop.get(), directory);
    long written =
        documents
            .mapPartitionsWithIndex(
                (partition, it) -> {
                  long[] count = {0};
                  PartFiles.write(
                      conf.value().get(),
                      directory,
                      PartFiles.name(partition, ".nds"),
                      out -> {
                        SignatureFile.Writer writer = SignatureFile.write(out, params, withSets);
                        DocumentSketcher sketcher = DocumentSketcher.create(params);
                        while (it.hasNext()) {
                          SignedSplit split = it.next();
                          for (int i = 0; i < split.size(); i++) {
                            writer.add(
                                new SignatureFile.Entry(
                                    split.id(i),
                                    split.textLength(i),
                                    split.signature(i),
                                    withSets ? sketcher.shingleSet(split.text(i)) : null));
                            count[0]++;
                          }
                        }
                        writer.flush();
                      });
                  return List.of(count[0]).iterator();
                },
                true)
            .reduce(Long::sum);
    PartFiles.success(hadoop.get(), directory);
    return written;
  }
}
