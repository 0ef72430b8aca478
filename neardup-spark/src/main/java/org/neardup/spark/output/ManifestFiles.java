package org.neardup.spark.output;

import com.esotericsoftware.kryo.DefaultSerializer;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.ChecksumFileSystem;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.neardup.options.RunManifest;
import org.neardup.spark.input.HadoopConf;

/**
 * The files of {@code spark dedup --manifest}: each input and output described as the CLI's
 * manifest describes a file (its path, size and SHA-256), on any Hadoop file system, and the
 * manifest written so that it is never seen half-written. A directory (or a glob) is described as
 * its files but the hidden ones (names starting with {@code _} or {@code .}, as {@code _SUCCESS}),
 * in path order, each with its size and SHA-256, their total size, and a {@code sha256} of the
 * directory: the SHA-256 of the lines {@code sha256sum} prints for those files in that order
 * ({@code HEX NAME}, NAME relative to the directory), so {@code (cd DIR && sha256sum part-* |
 * sha256sum)} prints it for a directory of part files. The files are hashed by a Spark job, a task
 * a file, so the cost is one more read of each file, spread over the executors. Stateless.
 */
public final class ManifestFiles {
  private ManifestFiles() {}

  /** The files of one described path: the path as given, and its files (qualified, relative). */
  @DefaultSerializer(JavaSerializer.class)
  private record Listing(String given, boolean directory, List<String> files, List<String> names) {}

  /**
   * The descriptions of {@code paths} (files, directories, globs), in order, as {@link
   * RunManifest#input(Map, String)} and {@link RunManifest#output(String, Map)} take them.
   *
   * @throws IOException naming a path that cannot be listed or read
   */
  public static List<Map<String, Object>> describe(JavaSparkContext context, List<String> paths)
      throws IOException {
    HadoopConf hadoop = new HadoopConf(context.hadoopConfiguration());
    List<Listing> listings = new ArrayList<>();
    List<String> all = new ArrayList<>();
    for (String path : paths) {
      Listing listing = list(path, hadoop.get());
      listings.add(listing);
      all.addAll(listing.files());
    }
    Broadcast<HadoopConf> conf = context.broadcast(hadoop);
    List<String[]> sums =
        all.isEmpty()
            ? List.of()
            : context
                .parallelize(all, Math.min(all.size(), Math.max(1, context.defaultParallelism())))
                .map(file -> sizeAndSha256(file, conf.value().get()))
                .collect();
    List<Map<String, Object>> described = new ArrayList<>();
    int next = 0;
    for (Listing listing : listings) {
      Map<String, Object> entry = new LinkedHashMap<>();
      entry.put("path", listing.given());
      if (!listing.directory()) {
        String[] sum = sums.get(next++);
        entry.put("bytes", Long.parseLong(sum[0]));
        entry.put("sha256", sum[1]);
        described.add(entry);
        continue;
      }
      List<Map<String, Object>> files = new ArrayList<>();
      MessageDigest digest = sha256();
      long total = 0;
      for (String name : listing.names()) {
        String[] sum = sums.get(next++);
        long bytes = Long.parseLong(sum[0]);
        total += bytes;
        Map<String, Object> file = new LinkedHashMap<>();
        file.put("path", name);
        file.put("bytes", bytes);
        file.put("sha256", sum[1]);
        files.add(file);
        digest.update((sum[1] + "  " + name + "\n").getBytes(StandardCharsets.UTF_8));
      }
      entry.put("bytes", total);
      entry.put("sha256", HexFormat.of().formatHex(digest.digest()));
      entry.put("files", files);
      described.add(entry);
    }
    return described;
  }

  /**
   * Writes {@code manifest} to {@code target} (on any Hadoop file system): to a hidden file beside
   * it, renamed to {@code target} once complete.
   *
   * @throws IOException naming the target when it cannot be written, or exists by now
   */
  public static void write(RunManifest manifest, String target, Configuration hadoop)
      throws IOException {
    Path path = new Path(target);
    FileSystem fs = path.getFileSystem(hadoop);
    if (fs instanceof ChecksumFileSystem checksummed) {
      fs = checksummed.getRawFileSystem(); // no .crc file beside the manifest
    }
    Path temporary = new Path(path.getParent(), "." + path.getName() + "." + System.nanoTime());
    try (FSDataOutputStream out = fs.create(temporary, false);
        Writer writer = new OutputStreamWriter(out, StandardCharsets.UTF_8)) {
      manifest.write(writer);
    } catch (IOException | RuntimeException e) {
      fs.delete(temporary, false);
      throw e;
    }
    if (fs.exists(path) || !fs.rename(temporary, path)) {
      fs.delete(temporary, false);
      throw new IOException(
          target + ": cannot write the manifest: it exists, or cannot be renamed");
    }
  }

  private static Listing list(String given, Configuration hadoop) throws IOException {
    Path path = new Path(given);
    FileSystem fs = path.getFileSystem(hadoop);
    FileStatus[] matches = fs.globStatus(path);
    if (matches == null || matches.length == 0) {
      throw new IOException(given + ": no such file, cannot describe it in the manifest");
    }
    if (matches.length == 1 && !matches[0].isDirectory()) {
      return new Listing(given, false, List.of(matches[0].getPath().toString()), List.of(given));
    }
    List<String[]> found = new ArrayList<>(); // {qualified, name}
    for (FileStatus match : matches) {
      if (!match.isDirectory()) {
        if (!hidden(match.getPath().getName())) {
          found.add(new String[] {match.getPath().toString(), match.getPath().toString()});
        }
        continue;
      }
      String root = match.getPath().toUri().getPath();
      RemoteIterator<LocatedFileStatus> files = fs.listFiles(match.getPath(), true);
      while (files.hasNext()) {
        LocatedFileStatus status = files.next();
        String relative = status.getPath().toUri().getPath().substring(root.length() + 1);
        boolean anyHidden = false;
        for (Path p = status.getPath();
            p != null && !p.equals(match.getPath());
            p = p.getParent()) {
          anyHidden |= hidden(p.getName());
        }
        if (status.isFile() && !anyHidden) {
          found.add(
              new String[] {
                status.getPath().toString(),
                matches.length == 1 ? relative : status.getPath().toString()
              });
        }
      }
    }
    found.sort(Comparator.comparing((String[] f) -> f[1]));
    return new Listing(
        given,
        true,
        found.stream().map(f -> f[0]).toList(),
        found.stream().map(f -> f[1]).toList());
  }

  private static boolean hidden(String name) {
    return name.startsWith("_") || name.startsWith(".");
  }

  /** A file's size and SHA-256 (hex), read on an executor. */
  private static String[] sizeAndSha256(String file, Configuration hadoop) throws IOException {
    Path path = new Path(file);
    MessageDigest digest = sha256();
    long size = 0;
    byte[] buffer = new byte[1 << 16];
    try (InputStream in = path.getFileSystem(hadoop).open(path)) {
      for (int n; (n = in.read(buffer)) > 0; ) {
        digest.update(buffer, 0, n);
        size += n;
      }
    }
    return new String[] {Long.toString(size), HexFormat.of().formatHex(digest.digest())};
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JDK has no SHA-256", e);
    }
  }
}
