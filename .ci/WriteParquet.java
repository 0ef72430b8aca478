import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * How .ci/listings.parquet, check-release's Parquet input, was made: {@code java -cp
 * lib/neardup-parquet.jar:lib/neardup.jar:hadoop-common-3.4.2.jar WriteParquet.java IN.tsv
 * OUT.parquet [ID-COLUMN TEXT-COLUMN]} writes each line {@code id<TAB>text} of IN.tsv as a row (id,
 * text) of OUT.parquet, uncompressed; its columns are named id and text unless named after it
 * (.ci/crawl.parquet, check-docs' input: url and body). The whole hadoop-common jar is there for the compiler only (the writer's options
 * name Hadoop's Configuration, which neardup-parquet.jar leaves out).
 */
public final class WriteParquet {
  public static void main(String[] args) throws IOException {
    String idColumn = args.length > 2 ? args[2] : "id";
    String textColumn = args.length > 3 ? args[3] : "text";
    MessageType schema = MessageTypeParser.parseMessageType("message doc { required binary " + idColumn
        + " (STRING); optional binary " + textColumn + " (STRING); }");
    SimpleGroupFactory rows = new SimpleGroupFactory(schema);
    try (ParquetWriter<Group> writer = ExampleParquetWriter.builder(new LocalOutputFile(Path.of(args[1])))
        .withConf(new PlainParquetConfiguration()).withType(schema).build()) {
      for (String line : Files.readAllLines(Path.of(args[0]), StandardCharsets.UTF_8)) {
        int tab = line.indexOf('\t');
        writer.write(rows.newGroup().append(idColumn, line.substring(0, tab)).append(textColumn, line.substring(tab + 1)));
      }
    }
  }
}
