package org.neardup.options;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.neardup.input.OnError;
import org.neardup.io.DocumentReaders;
import org.neardup.io.FormatChoice;
import org.neardup.io.HtmlMode;
import org.neardup.io.InputFormat;
import org.neardup.io.InputOptions;
import org.neardup.io.InputSnapshot;
import picocli.CommandLine.Option;

/**
 * The options that say how to read the inputs: format, fields, bad-record policy. The inputs
 * themselves are a subclass's positional parameters: required ({@link InputMixin}) or optional
 * ({@link OptionalInputMixin}).
 */
public abstract class InputOptionsMixin {
  @Option(
      names = "--format",
      completionCandidates = ValueCandidates.Formats.class,
      paramLabel = "FORMAT",
      defaultValue = "auto",
      description =
          "tsv (id<TAB>text), lines (id<SPACE>text), csv (with header), jsonl, json (one JSON array"
              + " of objects), parquet, dir (a directory of text files), or auto: dir for a"
              + " directory, csv for *.csv, jsonl for *.jsonl and *.ndjson, json or jsonl for"
              + " *.json (by its first character), parquet for *.parquet (names also with .gz or"
              + " .zst); any other file, and standard input, by its first bytes: parquet (PAR1),"
              + " json ([ and an object), jsonl (a JSON object on the first line), lines (a space"
              + " and no tab on the first line), else tsv, said on stderr. Default:"
              + " ${DEFAULT-VALUE}.")
  public String format;

  @Option(
      names = "--delimiter",
      completionCandidates = ValueCandidates.Delimiters.class,
      paramLabel = "CHAR",
      description =
          "CSV delimiter: one character (not '\"' nor a line break), or 'tab'. Default: ','.")
  String delimiter;

  @Option(
      names = "--id-field",
      paramLabel = "NAME",
      description =
          "CSV column / JSON field / Parquet column of the id; ids may not hold a tab or line"
              + " break. Default: 'id', or without it the record number (1-based; for CSV with"
              + " several inputs FILE#N, N the record number in FILE).")
  public String idField;

  @Option(
      names = "--text-field",
      paramLabel = "NAME",
      description =
          "CSV column / JSON field / Parquet column of the text; repeat to join several with a"
              + " space. Default: 'text'.")
  public List<String> textFields;

  @Option(
      names = "--html",
      completionCandidates = ValueCandidates.HtmlModes.class,
      paramLabel = "WHAT",
      arity = "0..1",
      fallbackValue = "visible",
      description =
          "Texts are HTML: compare their visible text (--html or --html=visible), the main content"
              + " without navigation, header, footer and sidebars (--html=main), or the markup"
              + " itself (--html=off). Default: the *.html and *.htm files of a directory input are"
              + " HTML (visible text), nothing else is.")
  String html;

  @Option(
      names = "--html-field",
      paramLabel = "NAME",
      description =
          "With --html: only this CSV column / JSON field holds HTML; repeat for several (default:"
              + " the whole text).")
  List<String> htmlFields;

  @Option(
      names = "--on-error",
      completionCandidates = ValueCandidates.OnErrors.class,
      paramLabel = "POLICY",
      defaultValue = "fail",
      description =
          "Bad records (invalid UTF-8, no id or text, malformed, duplicate id): fail (exit 2) or"
              + " skip (counted on stderr). Empty documents are always skipped and counted."
              + " Default: ${DEFAULT-VALUE}.")
  String onError;

  @Option(
      names = {"-v", "--verbose"},
      description =
          "With --on-error skip, list every skipped record as FILE:LINE: problem (default: the"
              + " first 5).")
  public boolean verbose;

  /** The field whose number each record must have ({@link #keepBy}), or null. */
  private String keepField;

  /** The input files (or directories), in the order given; empty when none were given. */
  public abstract List<Path> paths();

  public OnError onErrorPolicy() {
    return switch (onError.toLowerCase(Locale.ROOT)) {
      case "fail" -> OnError.FAIL;
      case "skip" -> OnError.SKIP;
      default -> throw new UsageException("--on-error must be fail or skip, got '" + onError + "'");
    };
  }

  /**
   * Checks the reading options and every input before any is read: each input exists, and is a
   * directory exactly when its format reads directories.
   *
   * @throws org.neardup.input.InputException naming the first input that is not
   */
  public void checkInputs() {
    onErrorPolicy();
    delimiterChar();
    htmlMode();
    List<Path> inputs = paths();
    for (int i = 0; i < inputs.size(); i++) {
      Path path = inputs.get(i);
      DocumentReaders.check(path, options(path));
      for (int j = 0; j < i; j++) {
        if (sameFile(inputs.get(j), path)) {
          throw new UsageException(
              path + ": the same file as " + inputs.get(j) + ": give each input once");
        }
      }
    }
  }

  /**
   * {@link #checkInputs()}, for a command that reads its inputs twice (dedup, report, explain): an
   * input that can be read only once, standard input or a pipe, is read to its end into a private
   * temporary file now, and read from it under its own name until the snapshot returned is closed,
   * which deletes the file.
   *
   * @return the state of the inputs now, to check before the second read; close it when done
   * @throws java.io.UncheckedIOException naming the temporary directory when the copy cannot be
   *     written (a full disk)
   */
  public InputSnapshot checkRereadable() {
    checkInputs();
    List<Path> files = new java.util.ArrayList<>();
    List<SpooledInput> copies = new java.util.ArrayList<>();
    try {
      for (Path path : paths()) {
        if (DocumentReaders.isStandardInput(path)
            || (!Files.isRegularFile(path) && !Files.isDirectory(path))) {
          copies.add(SpooledInput.of(path));
        } else {
          files.add(path);
        }
      }
      return InputSnapshot.of(files, copies.stream().<Runnable>map(copy -> copy::close).toList());
    } catch (RuntimeException | Error e) {
      copies.forEach(SpooledInput::close);
      throw e;
    }
  }

  private static boolean sameFile(Path a, Path b) {
    try {
      return Files.isSameFile(a, b);
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * The options given that {@code input}'s format ignores (--id-field and --text-field apply to CSV
   * and JSONL, --delimiter to CSV), as typed; empty when none.
   */
  public List<String> ignoredOptions(Path input) {
    InputFormat inputFormat = format(input);
    List<String> ignored = new java.util.ArrayList<>();
    if (!inputFormat.usesFields()) {
      if (idField != null) {
        ignored.add("--id-field");
      }
      if (textFields != null && !textFields.isEmpty()) {
        ignored.add("--text-field");
      }
    }
    if (delimiter != null && inputFormat != InputFormat.CSV) {
      ignored.add("--delimiter");
    }
    return ignored;
  }

  /**
   * Whether the record numbers that are the ids of a CSV input without --id-field and without an
   * {@code id} column need the file name to be told apart: when there are several inputs.
   */
  public boolean qualifiesRecordNumbers(Path input) {
    return paths().size() > 1 && DocumentReaders.numbersRecords(input, options(input));
  }

  /**
   * Reads every record's number from the field {@code order} keeps by, if it keeps by one ({@code
   * --keep field:NAME}): a record without one is then a bad record.
   *
   * @throws UsageException naming an input whose format has no fields (TSV, lines, a directory)
   */
  public void keepBy(org.neardup.cluster.KeepOrder order) {
    keepField = order.field();
    for (Path path : paths()) {
      options(path);
    }
  }

  /**
   * The reading options as a run's record shows them ({@link RunManifest}): format, delimiter, id
   * and text fields, HTML, the bad-record policy; each input's own format is recorded with it.
   */
  public java.util.Map<String, Object> describe() {
    java.util.Map<String, Object> options = new java.util.LinkedHashMap<>();
    options.put("format", format.toLowerCase(Locale.ROOT));
    options.put("delimiter", String.valueOf(delimiterChar()));
    options.put("id_field", idField);
    options.put(
        "text_fields",
        textFields == null || textFields.isEmpty()
            ? List.of(InputOptions.DEFAULT_TEXT_FIELD)
            : textFields);
    options.put("html", htmlMode().name().toLowerCase(Locale.ROOT));
    options.put("html_fields", htmlFields == null ? List.of() : htmlFields);
    options.put("keep_field", keepField);
    options.put("on_error", onErrorPolicy().name().toLowerCase(Locale.ROOT));
    return options;
  }

  /** The reading options for {@code input}. */
  public InputOptions options(Path input) {
    InputOptions options =
        new InputOptions(
            format(input), delimiterChar(), idField, textFields, htmlMode(), htmlFields);
    try {
      return options.withKeepField(keepField);
    } catch (IllegalArgumentException e) {
      throw new UsageException(input + ": " + e.getMessage());
    }
  }

  /** What {@code --html} says: {@link HtmlMode#AUTO} when it is not given. */
  private HtmlMode htmlMode() {
    if (html == null) {
      if (htmlFields != null && !htmlFields.isEmpty()) {
        throw new UsageException(
            "--html-field names a field that holds HTML: give --html (or --html=main) with it");
      }
      return HtmlMode.AUTO;
    }
    return switch (html.toLowerCase(Locale.ROOT)) {
      case "visible" -> HtmlMode.VISIBLE;
      case "main" -> HtmlMode.MAIN;
      case "off" -> HtmlMode.OFF;
      default ->
          throw new UsageException("--html must be visible, main or off, got '" + html + "'");
    };
  }

  /** The format of {@code input}: {@code --format}, or the one {@link InputFormat#choose} picks. */
  public InputFormat format(Path input) {
    return formatChoice(input).format();
  }

  /**
   * The format of {@code input} and, when its content decided it (no {@code --format}, no name that
   * says it), why.
   */
  public FormatChoice formatChoice(Path input) {
    if (format.equalsIgnoreCase("auto")) {
      return InputFormat.choose(input);
    }
    try {
      return new FormatChoice(InputFormat.parse(format), null);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--format: " + e.getMessage());
    }
  }

  /**
   * The CSV delimiter: one character, {@code tab} or {@code \t}; not the quote character nor a line
   * break, which cannot separate fields.
   */
  private char delimiterChar() {
    if (delimiter == null) {
      return ',';
    }
    if (delimiter.equalsIgnoreCase("tab") || delimiter.equals("\\t")) {
      return '\t';
    }
    if (delimiter.length() != 1) {
      throw new UsageException(
          "--delimiter must be one character or 'tab', got '" + printable(delimiter) + "'");
    }
    char c = delimiter.charAt(0);
    if (c == '"') {
      throw new UsageException("--delimiter cannot be '\"': it is the CSV quote character");
    }
    if (c == '\n' || c == '\r') {
      throw new UsageException("--delimiter cannot be a line break: it ends records");
    }
    return c;
  }

  private static String printable(String text) {
    return text.replace("\n", "\\n").replace("\r", "\\r");
  }
}
