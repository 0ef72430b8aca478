package org.neardup.spark.command;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.neardup.io.InputFormat;
import org.neardup.io.InputOptions;
import org.neardup.options.InputOptionsMixin;
import org.neardup.options.UsageException;
import org.neardup.spark.input.InputSpec;
import picocli.CommandLine.Parameters;

/**
 * The input options of {@code ./neardup pairs} ({@code --format}, {@code --delimiter}, {@code
 * --id-field}, {@code --text-field}, {@code --on-error}), with inputs as Hadoop paths: {@code
 * hdfs://}, {@code s3a://}, {@code file:} or local paths, directories of part files and globs.
 * {@code --format} also takes {@code parquet}; {@code auto} decides by each file's name.
 */
public final class SparkInputMixin extends InputOptionsMixin {
  @Parameters(
      paramLabel = "INPUT",
      arity = "1..*",
      description =
          "Input files, directories of part files or globs, on any file system Spark reads"
              + " (hdfs://, s3a://, file:, local).")
  List<String> inputs = List.of();

  @Override
  public List<Path> paths() {
    return inputs.stream().map(Path::of).toList();
  }

  /** The inputs as the job reads them. */
  public List<InputSpec> specs() {
    List<InputSpec> specs = new ArrayList<>();
    for (String input : inputs) {
      int position = specs.size();
      String name = format == null ? "auto" : format.trim();
      if (name.equalsIgnoreCase(InputSpec.PARQUET)) {
        specs.add(
            new InputSpec(input, InputSpec.PARQUET, ',', idField, textFields, position, null));
        continue;
      }
      // The CLI's parsing of --format and --delimiter (auto: settled per file by SplitPlanner).
      InputOptions options = options(Path.of(".neardup-spark-no-such-file"));
      if (options.format() == InputFormat.JSON) {
        // A JSON array is one value: it cannot be split among tasks as records a line can.
        throw new UsageException(
            "--format json: the Spark job reads JSON Lines, one object a line, not a JSON array"
                + " (convert it with: jq -c '.[]' FILE)");
      }
      String resolved = name.equalsIgnoreCase("auto") ? "auto" : options.format().name();
      specs.add(
          new InputSpec(
              input,
              resolved,
              options.delimiter(),
              options.idField(),
              textFields == null ? List.of() : textFields,
              position,
              null));
    }
    return specs;
  }
}
