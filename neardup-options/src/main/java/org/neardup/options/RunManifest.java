package org.neardup.options;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import org.neardup.config.PipelineConfig;
import org.neardup.lsh.LshParams;
import org.neardup.text.NormalizerConfig;

/**
 * The record of a run that {@code dedup --manifest FILE} writes: what made the outputs and from
 * what, as one JSON object. The tool's version and commit; the command line; every setting that
 * decides the output (sketching, banding, verification, the keep order, how the inputs are read),
 * the pair method used; each input, each {@code --against} reference and each output with its size
 * and SHA-256 (a directory as its files, each with its own); the counts; when the run started and
 * ended (UTC). Two runs with the same settings over inputs of the same checksums write outputs of
 * the same checksums. Members come in a fixed order. Not thread-safe.
 *
 * <p>Version 1 of the layout; readers should ignore members they do not know.
 */
public final class RunManifest {
  /** The layout's version, the manifest's first member. */
  public static final int VERSION = 1;

  private final String command;
  private final Instant started;
  private String version = "unknown";
  private String commit = "unknown";
  private List<String> arguments = List.of();
  private final Map<String, Object> settings = new LinkedHashMap<>();
  private final List<Map<String, Object>> inputs = new ArrayList<>();
  private final List<Map<String, Object>> references = new ArrayList<>();
  private final List<Map<String, Object>> outputs = new ArrayList<>();
  private final Map<String, Object> counts = new LinkedHashMap<>();

  /** A manifest of a run of {@code command} that starts now. */
  public RunManifest(String command) {
    this.command = Objects.requireNonNull(command, "command");
    this.started = Instant.now();
  }

  /** The tool that ran: its version and the commit it was built from. */
  public RunManifest tool(BuildInfo build) {
    this.version = build.version();
    this.commit = build.commit();
    return this;
  }

  /** The command line's arguments, as given. */
  public RunManifest arguments(List<String> arguments) {
    this.arguments = List.copyOf(arguments);
    return this;
  }

  /**
   * The pipeline's settings: normalization, shingles, MinHash, threshold, the banding used (given,
   * or chosen from the threshold and target recall), verification.
   */
  public RunManifest pipeline(PipelineConfig config) {
    NormalizerConfig n = config.normalizer();
    settings.put("threshold", config.threshold());
    settings.put("target_recall", config.targetRecall());
    settings.put(
        "normalization",
        map(
            "nfkc", n.unicodeNfkc(),
            "lower_case", n.lowerCase(),
            "strip_punctuation", n.stripPunctuation(),
            "collapse_whitespace", n.collapseWhitespace()));
    settings.put(
        "shingle",
        map(
            "unit", config.shingle().unit().spec(),
            "size", config.shingle().size(),
            "hash_version", config.shingle().hashVersion().name()));
    settings.put(
        "minhash",
        map(
            "scheme", config.minHash().scheme().optionName(),
            "permutations", config.minHash().numPermutations(),
            "seed", config.minHash().seed()));
    LshParams banding = config.lshParams();
    settings.put(
        "banding",
        map(
            "bands", banding.bands(),
            "rows", banding.rows(),
            "chosen", config.banding() == null ? "from the threshold and target recall" : "given"));
    settings.put("verify", config.verify().name().toLowerCase(java.util.Locale.ROOT));
    return this;
  }

  /** One more setting, after the pipeline's ({@code keep}, {@code components}, ...). */
  public RunManifest setting(String name, Object value) {
    settings.put(name, value);
    return this;
  }

  /** An input, read in this order: its path, format, size and checksum. */
  public RunManifest input(Path path, String format) {
    Map<String, Object> entry = describe(path);
    entry.put("format", format);
    inputs.add(entry);
    return this;
  }

  /**
   * An input read in this order, described by the caller (an engine that reads other file systems:
   * {@code path}, {@code bytes}, {@code sha256}, and a directory's {@code files}, as {@link
   * #describe} gives them for a local path), with its format.
   */
  public RunManifest input(Map<String, Object> described, String format) {
    Map<String, Object> entry = new LinkedHashMap<>(described);
    entry.put("format", format);
    inputs.add(entry);
    return this;
  }

  /**
   * A reference the run deduplicated against: its path, its kind (text, signatures, index), and
   * what identifies its content ({@code details}, appended: a file's size and checksum are added
   * here for files).
   */
  public RunManifest reference(Path path, String kind, Map<String, Object> details) {
    Map<String, Object> entry =
        Files.isRegularFile(path) || kind.equals("text") ? describe(path) : pathOnly(path);
    entry.put("kind", kind);
    entry.putAll(details);
    references.add(entry);
    return this;
  }

  /**
   * A reference described by the caller as {@link #input(Map, String)} says, with its kind ({@code
   * text}, {@code signatures}).
   */
  public RunManifest reference(Map<String, Object> described, String kind) {
    Map<String, Object> entry = new LinkedHashMap<>(described);
    entry.put("kind", kind);
    references.add(entry);
    return this;
  }

  /** An output written: its role ({@code clean}, {@code removed}, ...), size and checksum. */
  public RunManifest output(String role, Path path) {
    Map<String, Object> entry = new LinkedHashMap<>();
    entry.put("role", role);
    entry.putAll(describe(path));
    outputs.add(entry);
    return this;
  }

  /** An output written, described by the caller as {@link #input(Map, String)} says. */
  public RunManifest output(String role, Map<String, Object> described) {
    Map<String, Object> entry = new LinkedHashMap<>();
    entry.put("role", role);
    entry.putAll(described);
    outputs.add(entry);
    return this;
  }

  /** A count: {@code read}, {@code kept}, {@code removed}, {@code rejected}, ... */
  public RunManifest count(String name, long value) {
    counts.put(name, value);
    return this;
  }

  /**
   * Writes the manifest to {@code target} (opened before the run, so that an unusable one is
   * reported before any work) and commits it, its end time now.
   *
   * @throws IOException naming the target when it cannot be written
   */
  public void write(OutputTarget target) throws IOException {
    try (target) {
      write(target.writer());
      target.commit();
    }
  }

  /**
   * Writes the manifest to {@code out} as one JSON object and a line break, its end time now; does
   * not close it.
   */
  public void write(Writer out) throws IOException {
    Instant ended = Instant.now();
    JsonGenerator json = new JsonFactory().createGenerator(out);
    json.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
    json.useDefaultPrettyPrinter();
    json.writeStartObject();
    json.writeNumberField("manifest_version", VERSION);
    json.writeObjectFieldStart("neardup");
    json.writeStringField("version", version);
    json.writeStringField("commit", commit);
    json.writeEndObject();
    json.writeStringField("command", command);
    write(json, "arguments", arguments);
    write(json, "settings", settings);
    write(json, "inputs", this.inputs);
    write(json, "against", references);
    write(json, "outputs", outputs);
    write(json, "counts", counts);
    json.writeStringField("started", time(started));
    json.writeStringField("ended", time(ended));
    json.writeEndObject();
    json.flush();
    out.write('\n');
    out.flush();
  }

  private static String time(Instant instant) {
    return DateTimeFormatter.ISO_INSTANT.format(instant.truncatedTo(ChronoUnit.MILLIS));
  }

  private static void write(JsonGenerator json, String name, Object value) throws IOException {
    json.writeFieldName(name);
    write(json, value);
  }

  @SuppressWarnings("unchecked")
  private static void write(JsonGenerator json, Object value) throws IOException {
    if (value == null) {
      json.writeNull();
    } else if (value instanceof Map<?, ?> map) {
      json.writeStartObject();
      for (Map.Entry<String, Object> e : ((Map<String, Object>) map).entrySet()) {
        write(json, e.getKey(), e.getValue());
      }
      json.writeEndObject();
    } else if (value instanceof Collection<?> list) {
      json.writeStartArray();
      for (Object item : list) {
        write(json, item);
      }
      json.writeEndArray();
    } else if (value instanceof Boolean b) {
      json.writeBoolean(b);
    } else if (value instanceof Integer || value instanceof Long) {
      json.writeNumber(((Number) value).longValue());
    } else if (value instanceof Double d) {
      json.writeNumber(d);
    } else {
      json.writeString(value.toString());
    }
  }

  /** A map of the given names and values, in order. */
  private static Map<String, Object> map(Object... namesAndValues) {
    Map<String, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < namesAndValues.length; i += 2) {
      map.put((String) namesAndValues[i], namesAndValues[i + 1]);
    }
    return map;
  }

  private static Map<String, Object> pathOnly(Path path) {
    Map<String, Object> entry = new LinkedHashMap<>();
    entry.put("path", path.toString());
    return entry;
  }

  /**
   * A file's path, size and SHA-256; a directory's path, total size and files (each relative path,
   * size and SHA-256, in name order).
   */
  static Map<String, Object> describe(Path path) {
    Map<String, Object> entry = pathOnly(path);
    try {
      if (Files.isDirectory(path)) {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(path)) {
          files = walk.filter(Files::isRegularFile).sorted().toList();
        }
        List<Map<String, Object>> listed = new ArrayList<>();
        long total = 0;
        for (Path file : files) {
          long size = Files.size(file);
          total += size;
          listed.add(
              map("path", path.relativize(file).toString(), "bytes", size, "sha256", sha256(file)));
        }
        entry.put("bytes", total);
        entry.put("files", listed);
      } else if (Files.isRegularFile(path)) {
        entry.put("bytes", Files.size(path));
        entry.put("sha256", sha256(path));
      }
      return entry;
    } catch (IOException e) {
      throw new UncheckedIOException(
          new IOException(path + ": cannot read for the manifest: " + IoErrors.reason(e), e));
    }
  }

  /** The SHA-256 of a file's bytes, in lower-case hexadecimal, as {@code sha256sum} prints it. */
  static String sha256(Path file) throws IOException {
    MessageDigest digest;
    try {
      digest = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JDK has no SHA-256", e);
    }
    byte[] buffer = new byte[1 << 16];
    try (InputStream in = Files.newInputStream(file)) {
      for (int n; (n = in.read(buffer)) > 0; ) {
        digest.update(buffer, 0, n);
      }
    }
    return HexFormat.of().formatHex(digest.digest());
  }
}
