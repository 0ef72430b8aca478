package org.neardup.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.function.LongConsumer;
import org.neardup.config.PipelineConfig;
import org.neardup.format.SignatureFile;
import org.neardup.io.FileInputs;
import org.neardup.options.PipelineMixin;
import org.neardup.options.UsageException;
import org.neardup.sketch.SketchParams;

/**
 * The signature files of a run ({@code --signatures}): their params decide the run's sketch
 * settings, and their entries join the corpus after the text inputs. Every file must have the same
 * params; a file may be gzip-compressed.
 */
public final class SignatureInputs {
  private final List<Path> files;
  private final SketchParams params; // null without files
  private final boolean withSets;

  private SignatureInputs(List<Path> files, SketchParams params, boolean withSets) {
    this.files = files;
    this.params = params;
    this.withSets = withSets;
  }

  /** No signature files. */
  public static SignatureInputs none() {
    return new SignatureInputs(List.of(), null, true);
  }

  /**
   * Reads the headers of {@code files}.
   *
   * @throws org.neardup.format.CorruptFormatException for a file that is not a signature file
   * @throws UsageException when two files were made with different params
   */
  public static SignatureInputs open(List<Path> files) {
    SketchParams params = null;
    boolean withSets = true;
    Path first = null;
    for (Path file : files) {
      try (SignatureFile.Reader reader = reader(file, bytes -> {})) {
        if (params == null) {
          params = reader.params();
          first = file;
        } else if (!params.equals(reader.params())) {
          throw new UsageException(
              file
                  + ": made with other settings than "
                  + first
                  + " ("
                  + reader.params()
                  + " against "
                  + params
                  + ")");
        }
        withSets &= reader.withSets();
      } catch (IOException e) {
        throw failure(file, e);
      }
    }
    return new SignatureInputs(List.copyOf(files), params, withSets);
  }

  /**
   * The run's settings: the options', with the files' sketch params when there are files. Sketch
   * options given on the command line must agree with the files. Files without shingle sets mean
   * estimate-only verification (a warning on {@code err}, unless --estimate asked for it), and rule
   * out {@code --exact}.
   */
  public PipelineConfig config(PipelineMixin pipeline, PrintWriter err) {
    if (params == null) {
      return pipeline.config();
    }
    if (pipeline.sketch.anyGiven() && !pipeline.sketch.params().equals(params)) {
      throw new UsageException(
          files.get(0)
              + ": signatures made with "
              + params
              + ", but the options say "
              + pipeline.sketch.params()
              + " (leave the sketch options out to use the file's)");
    }
    if (!withSets && pipeline.exact) {
      throw new UsageException(
          "--exact needs shingle sets, and the signature files carry signatures only");
    }
    if (!withSets && !pipeline.estimate()) {
      err.println(
          "neardup: warning: the signature files carry no shingle sets: candidates are confirmed"
              + " by signature agreement, as with --estimate (approximate similarities; sign"
              + " without --signatures-only for exact ones)");
      err.flush();
    }
    return pipeline.config(params, pipeline.estimate() || !withSets);
  }

  /** The signature files, in the order given. */
  public List<Path> files() {
    return files;
  }

  /** Whether there are no signature files. */
  public boolean isEmpty() {
    return files.isEmpty();
  }

  private static SignatureFile.Reader reader(Path file, LongConsumer bytesRead) throws IOException {
    return FileInputs.signatureReader(file, bytesRead);
  }

  private static RuntimeException failure(Path file, IOException e) {
    return FileInputs.failure(file, e);
  }
}
