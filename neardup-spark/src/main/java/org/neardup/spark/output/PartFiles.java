package org.neardup.spark.output;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Part files that tasks write themselves (dedup copies, signature files): each goes to a hidden
 * temporary name and is renamed to {@code part-NNNNN[.ext]} when complete, so a failed or retried
 * task leaves no half-written part; the driver writes {@code _SUCCESS} when all are done.
 * Stateless.
 */
public final class PartFiles {
  private PartFiles() {}

  /** Something that writes one part's bytes. */
  @FunctionalInterface
  public interface Content {
    void writeTo(OutputStream out) throws IOException;
  }

  /** The name of part {@code index}: {@code part-00007.tsv}. */
  public static String name(int index, String extension) {
    return String.format(Locale.ROOT, "part-%05d%s", index, extension);
  }

  /** Writes part {@code name} of {@code directory}. */
  public static void write(Configuration hadoop, String directory, String name, Content content)
      throws IOException {
    Path dir = new Path(directory);
    FileSystem fs = dir.getFileSystem(hadoop);
    Path temporary = new Path(dir, "." + name + "." + System.nanoTime() + ".tmp");
    try (FSDataOutputStream out = fs.create(temporary, true)) {
      content.writeTo(out);
    } catch (IOException | RuntimeException e) {
      fs.delete(temporary, false);
      throw e;
    }
    Path target = new Path(dir, name);
    fs.delete(target, false);
    if (!fs.rename(temporary, target)) {
      throw new IOException("could not rename " + temporary + " to " + target);
    }
  }

  /** Creates {@code directory}; fails if it exists. */
  public static void create(Configuration hadoop, String directory) throws IOException {
    Path dir = new Path(directory);
    FileSystem fs = dir.getFileSystem(hadoop);
    if (fs.exists(dir)) {
      throw new OutputExistsException(directory);
    }
    fs.mkdirs(dir);
  }

  /** Marks {@code directory} complete. */
  public static void success(Configuration hadoop, String directory) throws IOException {
    Path dir = new Path(directory);
    dir.getFileSystem(hadoop).create(new Path(dir, "_SUCCESS"), true).close();
  }

  /**
   * The extension of a copy of {@code file}: its own, less a compression suffix (parts are not
   * compressed).
   */
  public static String extensionOf(String file) {
    String name = new Path(file).getName();
    for (String suffix : new String[] {".gz", ".bz2", ".zst", ".deflate", ".lz4", ".snappy"}) {
      if (name.toLowerCase(Locale.ROOT).endsWith(suffix)) {
        name = name.substring(0, name.length() - suffix.length());
        break;
      }
    }
    int dot = name.lastIndexOf('.');
    return dot > 0 ? name.substring(dot) : "";
  }

  /** An output directory that exists already. */
  public static final class OutputExistsException extends IOException {
    private static final long serialVersionUID = 1L;

    public OutputExistsException(String directory) {
      super(directory + ": already exists (the Spark job writes a new directory)");
    }
  }
}
