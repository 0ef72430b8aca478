package org.neardup.options;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.neardup.batch.reference.LookupReference;
import org.neardup.batch.reference.Reference;
import org.neardup.batch.reference.StreamedReference;
import org.neardup.config.PipelineConfig;
import org.neardup.input.InputProblems;
import org.neardup.io.ReferenceFiles;
import org.neardup.sketch.SketchParams;
import org.neardup.verify.VerifyMode;

/**
 * The references of a run ({@code --against}), opened: each a text input, a signature file or an
 * index, by what it is. Signature files and indexes decide the run's sketch settings when the
 * options do not give them (an index also its threshold and banding), as {@code --signatures} files
 * do; settings given must agree with theirs. Close it when done: it closes the indexes.
 */
public final class AgainstReferences implements AutoCloseable {
  private final List<Path> paths;
  private final List<Reference> references;
  private final List<String> kinds;

  private AgainstReferences(List<Path> paths, List<Reference> references, List<String> kinds) {
    this.paths = paths;
    this.references = references;
    this.kinds = kinds;
  }

  /** No references. */
  public static AgainstReferences none() {
    return new AgainstReferences(List.of(), List.of(), List.of());
  }

  /**
   * Opens each reference by what it is: a directory holding an index ({@code CURRENT}), through
   * {@code indexes}; a signature file (its first bytes); otherwise a text input, read with {@code
   * input}'s reading options (not its keep field: references are not ranked), its bad records to
   * {@code problems}.
   *
   * @param indexes opens an index, or null when this face cannot (then an index is refused)
   * @throws UsageException for a reference that is missing, or an index this face cannot open
   */
  public static AgainstReferences open(
      AgainstMixin against,
      InputOptionsMixin input,
      InputProblems problems,
      Function<Path, LookupReference> indexes) {
    List<Reference> opened = new ArrayList<>();
    List<String> kinds = new ArrayList<>();
    try {
      for (Path path : against.references) {
        if (!Files.exists(path)) {
          throw new UsageException(path + ": no such file (--against)");
        }
        if (Files.isDirectory(path) && Files.exists(path.resolve("CURRENT"))) {
          if (indexes == null) {
            throw new UsageException(
                path
                    + ": an index directory; this command takes text inputs and signature files"
                    + " as --against references");
          }
          opened.add(indexes.apply(path));
          kinds.add("index");
        } else if (ReferenceFiles.isSignatureFile(path)) {
          opened.add(ReferenceFiles.signatures(path));
          kinds.add("signatures");
        } else {
          boolean qualify = input.options(path).format() == org.neardup.io.InputFormat.CSV;
          opened.add(
              ReferenceFiles.text(
                  path,
                  input.options(path).withKeepField(null),
                  qualify && input.idField == null,
                  problems));
          kinds.add("text");
        }
      }
      return new AgainstReferences(List.copyOf(against.references), opened, kinds);
    } catch (RuntimeException | Error e) {
      opened.forEach(AgainstReferences::closeQuietly);
      throw e;
    }
  }

  /** The references, in the order given. */
  public List<Reference> references() {
    return references;
  }

  /** The paths given, for checking that no output is one of them. */
  public List<Path> paths() {
    return paths;
  }

  /** Whether there are none. */
  public boolean isEmpty() {
    return references.isEmpty();
  }

  /**
   * The run's settings against these references. The sketch params of their signature files and
   * indexes, which must agree, replace {@code base}'s when {@code sketchGiven} is false (and must
   * equal them otherwise); an index's threshold, banding and verification replace {@code base}'s
   * when none of them was given ({@code settingsGiven} false). A signature file without shingle
   * sets needs {@code --estimate}.
   *
   * @throws UsageException naming a reference whose settings disagree, or one without sets in an
   *     exact run
   */
  public PipelineConfig config(
      PipelineMixin pipeline, PipelineConfig base, boolean sketchGiven, boolean settingsGiven) {
    SketchParams params = null;
    String from = null;
    PipelineConfig index = null;
    for (int i = 0; i < references.size(); i++) {
      Reference reference = references.get(i);
      SketchParams own =
          reference instanceof LookupReference lookup
              ? lookup.config().sketch()
              : ((StreamedReference) reference).params();
      if (reference instanceof LookupReference lookup && index == null) {
        index = lookup.config();
      }
      if (own == null) {
        continue;
      }
      if (params == null) {
        params = own;
        from = reference.name();
      } else if (!params.equals(own)) {
        throw new UsageException(
            reference.name()
                + ": made with other settings than "
                + from
                + " ("
                + own
                + " against "
                + params
                + ")");
      }
    }
    PipelineConfig config = base;
    if (params != null && !params.equals(base.sketch())) {
      if (sketchGiven) {
        throw new UsageException(
            from
                + ": made with "
                + params
                + ", but the run's settings are "
                + base.sketch()
                + " (leave the sketch options out to use the reference's)");
      }
      config = pipeline.config(params, base.verify() == VerifyMode.ESTIMATE);
    }
    if (index != null && !settingsGiven) {
      config = index.toBuilder().threads(config.threads()).build();
    }
    for (Reference reference : references) {
      if (reference instanceof StreamedReference streamed
          && !streamed.givesSets()
          && config.verify() == VerifyMode.EXACT) {
        throw new UsageException(
            reference.name()
                + ": a signature file without shingle sets (sign --signatures-only): a pair with"
                + " one of its documents cannot be confirmed exactly. Sign the old documents again"
                + " with their sets, or run with --estimate (similarities estimated from the"
                + " signatures)");
      }
    }
    return config;
  }

  /** Records each reference in a run's record: path, kind and what identifies its content. */
  public void describe(RunManifest record) {
    for (int i = 0; i < references.size(); i++) {
      Map<String, Object> details = new LinkedHashMap<>();
      if (references.get(i) instanceof LookupReference lookup) {
        details.put("documents", lookup.size());
      }
      record.reference(paths.get(i), kinds.get(i), details);
    }
  }

  @Override
  public void close() {
    references.forEach(AgainstReferences::closeQuietly);
  }

  private static void closeQuietly(Reference reference) {
    try {
      reference.close();
    } catch (RuntimeException e) {
      // only read: nothing is lost
    }
  }
}
