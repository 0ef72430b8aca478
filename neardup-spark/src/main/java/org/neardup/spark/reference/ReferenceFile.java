package org.neardup.spark.reference;

import com.esotericsoftware.kryo.DefaultSerializer;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import java.io.Serializable;
import java.nio.file.Path;
import java.util.List;
import org.neardup.batch.reference.StreamedReference;
import org.neardup.input.InputProblems;
import org.neardup.io.HtmlMode;
import org.neardup.io.InputFormat;
import org.neardup.io.InputOptions;
import org.neardup.io.ReferenceFiles;
import org.neardup.spark.input.HadoopConf;

/**
 * One reference file as an executor opens it: a signature file, or a text input with the reading
 * options the CLI reads a reference with (the inputs' options, no keep field; CSV record numbers
 * made {@code FILE#N} when there is no id field). A path of the local (or a shared) file system, or
 * for a signature file a URI of any file system Hadoop reads ({@code hdfs://}, {@code s3a://},
 * {@code file:}). Immutable and serializable.
 *
 * @param path the file
 * @param signatures whether it is a signature file (else a text input)
 * @param format the text input's format's name (ignored for a signature file)
 * @param delimiter the CSV delimiter
 * @param idField the id field, or null
 * @param textFields the text fields
 * @param html which texts are HTML
 * @param htmlFields the fields that hold HTML
 * @param qualifyRecordNumbers whether record-number ids are made {@code FILE#N}
 */
@DefaultSerializer(JavaSerializer.class)
public record ReferenceFile(
    String path,
    boolean signatures,
    String format,
    char delimiter,
    String idField,
    List<String> textFields,
    HtmlMode html,
    List<String> htmlFields,
    boolean qualifyRecordNumbers)
    implements Serializable {
  private static final long serialVersionUID = 1L;

  public ReferenceFile {
    textFields = List.copyOf(textFields);
    htmlFields = List.copyOf(htmlFields);
  }

  /** A signature file. */
  public static ReferenceFile signatures(Path path) {
    return signatures(path.toString());
  }

  /** A signature file: a local path, or a URI Hadoop reads. */
  static ReferenceFile signatures(String path) {
    return new ReferenceFile(
        path, true, InputFormat.TSV.name(), '\t', null, List.of(), HtmlMode.AUTO, List.of(), false);
  }

  /** A text input read with {@code options} (their keep field is not read). */
  public static ReferenceFile text(Path path, InputOptions options, boolean qualifyRecordNumbers) {
    return new ReferenceFile(
        path.toString(),
        false,
        options.format().name(),
        options.delimiter(),
        options.idField(),
        options.textFields(),
        options.html(),
        options.htmlFields(),
        qualifyRecordNumbers);
  }

  /** Whether it is a signature file named by a URI, which Hadoop reads. */
  public boolean isUri() {
    return signatures && path.matches("[a-zA-Z][a-zA-Z0-9+.-]*:.*");
  }

  /** Opens it (on an executor): its bad records go to {@code problems}. */
  public StreamedReference open(InputProblems problems, HadoopConf hadoop) {
    if (isUri()) {
      return HadoopSignatures.open(path, hadoop);
    }
    Path file = Path.of(path);
    return signatures
        ? ReferenceFiles.signatures(file)
        : ReferenceFiles.text(
            file,
            new InputOptions(
                InputFormat.parse(format), delimiter, idField, textFields, html, htmlFields),
            qualifyRecordNumbers,
            problems);
  }
}
