package org.neardup.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.LongFunction;
import java.util.function.LongPredicate;
import org.neardup.input.InputProblems;

/**
 * An input format: how its records are read as documents and how they are copied through, byte for
 * byte, minus chosen ones ("the input minus the duplicates"). One class per format owns both, so
 * reader and copier agree on record indexes; adding a format is one class and one constant here.
 * Every file input may be gzip-compressed (detected by its magic bytes). A format that {@link
 * #readsStreams() reads streams} implements the stream forms of {@code open}, {@code copyExcept}
 * and {@code copyAnnotated} (a source name and an {@link InputOpener}); their file forms read the
 * file's bytes through them. Implementations are stateless and thread-safe.
 */
// Error Prone's ClassInitializationDeadlock: the constants below are instances of InputFormat's
// implementations, whose initialization initializes InputFormat (it has default methods). A
// deadlock needs a thread to initialize an implementation first, which no code outside this
// package can: they are package-private, or (DirectoryFormat) have no public constructor or static
// method, and only these constants construct them.
@SuppressWarnings("ClassInitializationDeadlock")
public interface InputFormat {
  /** One record a line: {@code id<TAB>text}; the text is everything after the first tab. */
  InputFormat TSV = new SeparatedFormat("tsv", '\t', "tab");

  /** One record a line: {@code id<SPACE>text}; the id is everything before the first space. */
  InputFormat LINES = new SeparatedFormat("lines", ' ', "space");

  /** Delimited text with a header row, quote-aware (RFC 4180); columns chosen by name. */
  InputFormat CSV = new CsvFormat();

  /** JSON Lines: one JSON object a line; id and text fields chosen by name. */
  InputFormat JSONL = new JsonlFormat();

  /**
   * One JSON array of objects, streamed; id and text fields chosen by name, as for {@link #JSONL}.
   * Detected for a {@code *.json} file that starts with {@code [}.
   */
  InputFormat JSON = new JsonArrayFormat();

  /**
   * A Parquet file, read and written with parquet-java (no Hadoop installation) by {@code
   * neardup-parquet.jar}, found on the class path ({@link PluggedFormat}); id and text columns
   * chosen by name. Copied as a new Parquet file of the same schema and the rows kept.
   */
  InputFormat PARQUET = new PluggedFormat("parquet", ".parquet", "neardup-parquet.jar");

  /** A directory of text files, walked recursively in sorted order; id = relative path. */
  InputFormat DIR = new DirectoryFormat();

  /** Every format, in the order {@link #detect} tries them. */
  List<InputFormat> ALL = List.of(TSV, LINES, CSV, JSONL, JSON, PARQUET, DIR);

  /** The format's name as users type it, e.g. {@code "tsv"}. */
  String name();

  /** Whether an input of this format is a directory rather than a file. */
  default boolean readsDirectories() {
    return false;
  }

  /**
   * Whether an input of this format can be read as a stream ({@link #open(String, InputOpener,
   * InputOptions, InputProblems)}): all but {@link #PARQUET}, whose footer is at the end of the
   * file, and {@link #DIR}.
   */
  default boolean readsStreams() {
    return !readsDirectories();
  }

  /**
   * Whether {@link #detect} picks this format for a file of this name (lower-cased, a {@code .gz}
   * suffix removed), e.g. {@code *.csv} for CSV.
   */
  boolean claims(String fileName);

  /**
   * Whether the format reads the id and text fields of {@link InputOptions} (CSV, JSONL): for the
   * others they are ignored.
   */
  default boolean usesFields() {
    return false;
  }

  /**
   * Opens a reader of {@code path}, which {@link DocumentReaders#open} has checked exists and is a
   * directory exactly when {@link #readsDirectories()}. A format that {@link #readsStreams() reads
   * streams} reads the file's bytes with {@link #open(String, InputOpener, InputOptions,
   * InputProblems)}, named by the path; the others override this.
   *
   * @throws org.neardup.input.InputException when the input cannot be opened, or its header lacks a
   *     requested column
   */
  default DocumentReader open(Path path, InputOptions options, InputProblems problems) {
    return open(path.toString(), opener(path), options, problems);
  }

  /**
   * Opens a reader of an input given as a stream rather than a path (a file of another file system,
   * or a slice of a file that holds whole records), with the same parsing as {@link #open(Path,
   * InputOptions, InputProblems)}. Lines and record indexes count from the stream's start; {@code
   * source} names the input in messages.
   *
   * @throws UnsupportedOperationException for a format of directories
   * @throws org.neardup.input.InputException when the input cannot be opened, or its header lacks a
   *     requested column
   */
  default DocumentReader open(
      String source, InputOpener opener, InputOptions options, InputProblems problems) {
    throw new UnsupportedOperationException(name() + " input cannot be read from a stream");
  }

  /**
   * {@link #copyExcept(Path, InputOptions, LongPredicate, OutputStream, boolean)} for an input
   * given as a stream: record indexes are those of {@link #open(String, InputOpener, InputOptions,
   * InputProblems)} on the same stream. The opener may be called more than once (CSV reads twice).
   *
   * @throws UnsupportedOperationException for a format of directories
   */
  default long copyExcept(
      String source,
      InputOpener opener,
      InputOptions options,
      LongPredicate dropRecordIndex,
      OutputStream out,
      boolean first)
      throws IOException {
    throw new UnsupportedOperationException(name() + " input cannot be copied from a stream");
  }

  /**
   * Copies the records of {@code input} whose record index does not satisfy {@code dropRecordIndex}
   * to {@code out}, which is flushed but not closed, byte for byte in this format. Record indexes
   * are the ones {@link org.neardup.input.Document#recordIndex()} gives for the same input. Records
   * are not validated: one a reader skipped as bad is copied like any other unless dropped.
   *
   * @param first whether this is the first input written to {@code out} (CSV writes its header only
   *     then)
   * @return the number of records written
   * @throws org.neardup.input.InputException when the input is missing or unreadable
   * @throws UnsupportedOperationException for a format of directories: see {@link
   *     DirectoryFormat#copyExcept(Path, LongPredicate, Path)}
   * @throws IOException when writing fails
   */
  default long copyExcept(
      Path input,
      InputOptions options,
      LongPredicate dropRecordIndex,
      OutputStream out,
      boolean first)
      throws IOException {
    InputErrors.checkPath(input, this);
    return copyExcept(input.toString(), opener(input), options, dropRecordIndex, out, first);
  }

  /**
   * {@link #copyExcept(String, InputOpener, InputOptions, LongPredicate, OutputStream, boolean)}
   * that adds to every record written its {@link Annotation} (the kept record it duplicates and
   * their similarity, empty for a kept record; a kept record's cluster size, empty for a removed
   * one), in this format's way: TSV and LINES get three tab-separated columns at the end of each
   * record's line; CSV three columns, {@code duplicate_of}, {@code similarity} and {@code
   * cluster_size}, at the end of the header and of each record (quoted as needed); JSON Lines three
   * members at the end of each object, {@code "duplicate_of"} (a string, or null), {@code
   * "similarity"} (a number, or null) and {@code "cluster_size"} (a number, or null). Blank lines
   * and rows are copied as they are. Otherwise the records are copied byte for byte.
   *
   * @param annotation the annotation of each record index written
   * @throws UnsupportedOperationException for a format of directories: see {@link
   *     DirectoryFormat#copyAnnotated(Path, LongPredicate, LongFunction, Path)}
   */
  default long copyAnnotated(
      String source,
      InputOpener opener,
      InputOptions options,
      LongPredicate dropRecordIndex,
      LongFunction<Annotation> annotation,
      OutputStream out,
      boolean first)
      throws IOException {
    throw new UnsupportedOperationException(name() + " input cannot be annotated from a stream");
  }

  /**
   * {@link #copyAnnotated(String, InputOpener, InputOptions, LongPredicate, LongFunction,
   * OutputStream, boolean)} for an input given as a file.
   *
   * @throws org.neardup.input.InputException when the input is missing or unreadable
   */
  default long copyAnnotated(
      Path input,
      InputOptions options,
      LongPredicate dropRecordIndex,
      LongFunction<Annotation> annotation,
      OutputStream out,
      boolean first)
      throws IOException {
    InputErrors.checkPath(input, this);
    return copyAnnotated(
        input.toString(), opener(input), options, dropRecordIndex, annotation, out, first);
  }

  /** What the file forms of the methods above read: the bytes of {@code file}. */
  private static InputOpener opener(Path file) {
    return () -> Files.newInputStream(file);
  }

  /**
   * The format named {@code name} (case-insensitive).
   *
   * @throws IllegalArgumentException naming the formats there are
   */
  static InputFormat parse(String name) {
    String wanted = name.trim().toLowerCase(Locale.ROOT);
    for (InputFormat format : ALL) {
      if (format.name().equals(wanted)) {
        return format;
      }
    }
    throw new IllegalArgumentException(
        "unknown format '"
            + name
            + "' (expected one of "
            + String.join(", ", ALL.stream().map(InputFormat::name).toList())
            + ")");
  }

  /**
   * The formats a file of this name is read in when no --format says otherwise ({@link #choose}):
   * one for {@code *.tsv}, {@code *.tab}, {@code *.csv}, {@code *.jsonl}, {@code *.ndjson} and
   * {@code *.parquet}, both JSON formats for {@code *.json} (by its first character), none for any
   * other name (its content decides). A compression suffix is passed over.
   */
  static List<InputFormat> namedBy(Path file) {
    Path fileName = file.getFileName();
    String name = fileName == null ? "" : fileName.toString().toLowerCase(Locale.ROOT);
    name = name.substring(0, name.length() - Compression.ofName(name).suffix().length());
    if (name.endsWith(".json")) {
      return List.of(JSON, JSONL);
    }
    if (name.endsWith(".tsv") || name.endsWith(".tab")) {
      return List.of(TSV);
    }
    for (InputFormat format : ALL) {
      if (!format.readsDirectories() && format.claims(name)) {
        return List.of(format);
      }
    }
    return List.of();
  }

  /**
   * The format of {@code input}: {@link #choose}'s.
   *
   * @throws org.neardup.input.InputException for a file whose first line looks like the header of a
   *     tab-separated table, naming the options that read it
   */
  static InputFormat detect(Path input) {
    return choose(input).format();
  }

  /**
   * The format of {@code input}, and whether its content decided it: {@link #DIR} for a directory,
   * the first format that {@link #claims} the file name ({@code *.csv}, {@code *.jsonl}, {@code
   * *.ndjson}, {@code *.parquet}, also with {@code .gz} or {@code .zst}), else by its first bytes,
   * whatever the name ({@link FormatSniffer}): Parquet, a JSON array, JSON Lines, {@link #LINES}
   * when the first record has a space and no tab, else {@link #TSV} (which a {@code *.tsv} or
   * {@code *.tab} name says). Standard input is looked at as a file is, without consuming it.
   *
   * @throws org.neardup.input.InputException for a file whose first line looks like the header of a
   *     tab-separated table, naming the options that read it
   */
  static FormatChoice choose(Path input) {
    if (Files.isDirectory(input)) {
      return FormatChoice.named(DIR);
    }
    Path fileName = input.getFileName();
    String name = fileName == null ? "" : fileName.toString().toLowerCase(Locale.ROOT);
    if (name.endsWith(".gz")) {
      name = name.substring(0, name.length() - 3);
    } else if (name.endsWith(".zst")) {
      name = name.substring(0, name.length() - 4);
    }
    for (InputFormat format : ALL) {
      if (format.claims(name)) {
        return FormatChoice.named(format);
      }
    }
    FormatChoice sniffed = FormatSniffer.sniff(input);
    if (sniffed.format() == TSV && (name.endsWith(".tsv") || name.endsWith(".tab"))) {
      return FormatChoice.named(TSV);
    }
    return sniffed;
  }
}
