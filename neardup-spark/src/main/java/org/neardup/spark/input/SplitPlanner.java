package org.neardup.spark.input;

import com.esotericsoftware.kryo.DefaultSerializer;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.neardup.input.InputException;
import org.neardup.io.InputFormat;

/**
 * Lists the files of the inputs (a file, a directory of part files read recursively, or a glob; on
 * any Hadoop file system) and cuts them into {@link InputSplit}s, in input order: inputs as given,
 * the files of one input sorted by path, slices by offset. Files and directories whose name starts
 * with {@code _} or {@code .} ({@code _SUCCESS}, {@code .crc}) are not inputs. Runs on the driver;
 * stateless.
 *
 * <p>A line format (TSV, lines, JSON Lines) is cut into slices of about {@code splitBytes}; a
 * compressed file (gzip by its magic bytes or a name ending in {@code .gz}, {@code .bz2}, {@code
 * .zst}, {@code .deflate}, {@code .lz4}, {@code .snappy}) is read whole, as is every CSV file (a
 * quoted field may hold line breaks).
 */
public final class SplitPlanner {
  private static final List<String> COMPRESSED =
      List.of(".gz", ".bz2", ".zst", ".deflate", ".lz4", ".snappy");

  private SplitPlanner() {}

  /** One file of an input, its format settled. */
  @DefaultSerializer(JavaSerializer.class)
  public record InputFile(InputSpec spec, String source, String file, long length) {}

  /**
   * The files of {@code specs}, in input order, each with its format (auto-detection settled by
   * file name: {@code *.parquet}, {@code *.csv}, {@code *.jsonl}, {@code *.ndjson}, else TSV).
   *
   * @throws InputException for an input that matches no file, or {@code --format dir}
   */
  public static List<InputFile> files(List<InputSpec> specs, Configuration hadoop)
      throws IOException {
    List<InputFile> files = new ArrayList<>();
    for (InputSpec spec : specs) {
      if (spec.format().equals("dir")) {
        throw new InputException(
            spec.path(),
            0,
            null,
            "--format dir is not supported by the Spark job (give the directory's files, a"
                + " directory of part files is read whole)");
      }
      Path path = new Path(spec.path());
      FileSystem fs = path.getFileSystem(hadoop);
      FileStatus[] matches = fs.globStatus(path);
      if (matches == null || matches.length == 0) {
        throw new InputException(spec.path(), 0, null, "no such file");
      }
      List<FileStatus> found = new ArrayList<>();
      for (FileStatus match : matches) {
        if (match.isDirectory()) {
          RemoteIterator<LocatedFileStatus> listing = fs.listFiles(match.getPath(), true);
          while (listing.hasNext()) {
            LocatedFileStatus status = listing.next();
            if (status.isFile() && !hidden(match.getPath(), status.getPath())) {
              found.add(status);
            }
          }
        } else {
          found.add(match);
        }
      }
      found.sort(Comparator.comparing(status -> status.getPath().toString()));
      boolean single = matches.length == 1 && !matches[0].isDirectory();
      for (FileStatus status : found) {
        String file = status.getPath().toString();
        String source = single ? spec.path() : file;
        files.add(
            new InputFile(
                resolve(spec, status.getPath().getName()), source, file, status.getLen()));
      }
    }
    return files;
  }

  /**
   * The splits of the text inputs among {@code files} (Parquet files are read by Spark and split
   * there), numbered from {@code firstIndex}.
   */
  public static List<InputSplit> splits(
      List<InputFile> files, Configuration hadoop, long splitBytes) throws IOException {
    List<InputSplit> splits = new ArrayList<>();
    for (InputFile input : files) {
      if (input.spec().isParquet()) {
        continue;
      }
      long length = input.length();
      boolean whole =
          !input.spec().isSplittable() || length <= splitBytes || compressed(input, hadoop);
      if (whole) {
        splits.add(
            new InputSplit(
                splits.size(), input.spec(), input.source(), input.file(), 0, length, true));
        continue;
      }
      for (long start = 0; start < length; start += splitBytes) {
        splits.add(
            new InputSplit(
                splits.size(),
                input.spec(),
                input.source(),
                input.file(),
                start,
                Math.min(splitBytes, length - start),
                false));
      }
    }
    return splits;
  }

  /** The spec with its format settled for a file named {@code name}. */
  static InputSpec resolve(InputSpec spec, String name) {
    if (!spec.format().equals("auto")) {
      return spec;
    }
    String lower = name.toLowerCase(Locale.ROOT);
    for (String suffix : COMPRESSED) {
      if (lower.endsWith(suffix)) {
        lower = lower.substring(0, lower.length() - suffix.length());
        break;
      }
    }
    if (lower.endsWith(".parquet")) {
      return spec.withFormat(InputSpec.PARQUET);
    }
    for (InputFormat format : InputFormat.ALL) {
      if (!format.readsDirectories() && format.claims(lower)) {
        return spec.withFormat(format.name());
      }
    }
    return spec.withFormat(InputFormat.TSV.name());
  }

  private static boolean hidden(Path root, Path file) {
    for (Path p = file; p != null && !p.equals(root); p = p.getParent()) {
      String name = p.getName();
      if (name.startsWith("_") || name.startsWith(".")) {
        return true;
      }
    }
    return false;
  }

  private static boolean compressed(InputFile input, Configuration hadoop) throws IOException {
    String lower = input.file().toLowerCase(Locale.ROOT);
    if (COMPRESSED.stream().anyMatch(lower::endsWith)) {
      return true;
    }
    Path path = new Path(input.file());
    try (InputStream in = path.getFileSystem(hadoop).open(path)) {
      return in.read() == 0x1f && in.read() == 0x8b;
    }
  }
}
