package org.neardup.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import org.neardup.batch.reference.LookupReference;
import org.neardup.batch.reference.Reference;
import org.neardup.input.InputProblems;
import org.neardup.options.AgainstMixin;
import org.neardup.options.AgainstReferences;
import org.neardup.options.InputOptionsMixin;
import org.neardup.options.UsageException;
import org.neardup.server.store.IndexDirectory;
import org.neardup.server.store.StoreException;

/**
 * The references of a CLI run ({@code --against}), opened, with the log of their bad records
 * (skipped under {@code --on-error skip}, and said apart from the inputs': a reference is never
 * written, so they go to no rejects file). An index directory is opened to search only, as
 * RocksDB's secondary instance, so a live service's index can be one. Close it when done.
 */
public final class RunReferences implements AutoCloseable {
  private static final RunReferences NONE =
      new RunReferences(AgainstReferences.none(), null, null, null);

  public final AgainstReferences references;
  private final SkipLog skips;
  private final InputProblems problems;
  private final PrintWriter err;

  private RunReferences(
      AgainstReferences references, SkipLog skips, InputProblems problems, PrintWriter err) {
    this.references = references;
    this.skips = skips;
    this.problems = problems;
    this.err = err;
  }

  /** No references. */
  public static RunReferences none() {
    return NONE;
  }

  /** Opens the references of {@code against}, read with {@code input}'s options and policy. */
  public static RunReferences open(AgainstMixin against, InputOptionsMixin input, PrintWriter err) {
    if (!against.any()) {
      return NONE;
    }
    SkipLog skips = new SkipLog(input.verbose, err);
    InputProblems problems = skips.problems(input.onErrorPolicy());
    return new RunReferences(
        AgainstReferences.open(against, input, problems, RunReferences::index),
        skips,
        problems,
        err);
  }

  /** An index directory as a reference: searched, as the service's secondary. */
  private static LookupReference index(Path directory) {
    IndexDirectory opened;
    try {
      opened = IndexDirectory.openToSearch(directory);
    } catch (StoreException e) {
      throw new UsageException(e.getMessage());
    }
    return Reference.of(opened.index(), directory.toString()).closing(opened::close);
  }

  /**
   * The run's settings against these references ({@link AgainstReferences#config}): the references'
   * sketch params unless the options (or {@code --signatures} files) give them, an index's
   * threshold and banding unless the options give any.
   */
  public org.neardup.config.PipelineConfig config(
      org.neardup.options.PipelineMixin pipeline,
      org.neardup.config.PipelineConfig base,
      boolean signatureFiles) {
    return references.config(
        pipeline, base, pipeline.sketch.anyGiven() || signatureFiles, pipeline.settingsGiven());
  }

  /** Whether there are none. */
  public boolean isEmpty() {
    return references.isEmpty();
  }

  /** The paths of the references, which no output may be. */
  public List<Path> paths() {
    return references.paths();
  }

  /** Says which of the references' records were skipped as bad, if any. */
  public void printSkips() {
    if (problems != null && !problems.skipped().isEmpty()) {
      err.println("neardup: in the --against references:");
      skips.print(problems);
    }
  }

  @Override
  public void close() {
    references.close();
  }
}
