package org.neardup.cli.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.BiConsumer;
import java.util.stream.Stream;
import org.neardup.batch.corpus.ParallelSketcher;
import org.neardup.cli.ExitCodes;
import org.neardup.cli.PipelineRun;
import org.neardup.cli.SkipLog;
import org.neardup.config.MemoryBudget;
import org.neardup.error.NearDupException;
import org.neardup.format.IncompatibleSignatureException;
import org.neardup.format.SignatureFile;
import org.neardup.index.IndexWrite;
import org.neardup.index.NearDupIndex;
import org.neardup.index.WriteResult;
import org.neardup.input.Document;
import org.neardup.input.InputException;
import org.neardup.input.InputProblem;
import org.neardup.input.InputProblems;
import org.neardup.io.Decompression;
import org.neardup.io.DocumentReader;
import org.neardup.io.DocumentReaders;
import org.neardup.options.Formats;
import org.neardup.options.InputMixin;
import org.neardup.options.SignaturesMixin;
import org.neardup.options.UsageException;
import org.neardup.server.store.BulkLoader;
import org.neardup.server.store.DiskFullException;
import org.neardup.server.store.IndexDirectory;
import org.neardup.sketch.Sketch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code neardup index build}: bulk-loads documents (text inputs or signature files) into a
 * persistent index. Sketching runs on every core; the entries are sorted and ingested as table
 * files ({@link BulkLoader}), so nothing is in the index until the whole input was read, and a
 * failed build leaves it as it was. {@code --no-bulk} (and {@code --upsert}, which replaces held
 * documents) write through the index's per-document path instead, in batches without a sync each,
 * with the write-ahead log synced once at the end.
 */
@Command(
    name = "build",
    mixinStandardHelpOptions = true,
    description = {
      "Adds the inputs' documents to a persistent index (creating it with the given settings), in"
          + " bulk.",
      "Ids already in the index are skipped and counted (--upsert replaces them); an id twice in"
          + " the inputs is bad input (--on-error). With --signatures FILE the documents come from"
          + " 'neardup sign' (their settings must be the index's; no texts are stored);"
          + " --signatures DIR reads the .nds part files of a directory (the Spark job's"
          + " --signatures-out).",
      "The entries are sorted and ingested as table files at the end: a build that fails leaves the"
          + " index as it was. --no-bulk writes document by document instead."
    })
public final class IndexBuildCommand implements Callable<Integer> {
  private static final int BATCH = 1000;

  @Spec CommandSpec spec;
  @Mixin DataOptions data;
  @Mixin InputMixin input;
  @Mixin SignaturesMixin signatures;

  @Option(names = "--upsert", description = "Replace documents whose id is already in the index.")
  boolean upsert;

  @Option(
      names = {"-q", "--quiet"},
      description = "No summary on stderr.")
  boolean quiet;

  @Option(
      names = "--no-bulk",
      description =
          "Write document by document through the index (as the service does) instead of sorting"
              + " the entries and ingesting them as table files: slower; what is written before a"
              + " failure stays. --upsert implies it.")
  boolean noBulk;

  private long added;
  private long replaced;
  private long present;
  private long empty;

  /**
   * Shingles of the writes waiting, and the most that may wait (a sixteenth of the heap, 10 bytes
   * each).
   */
  private long pendingShingles;

  private final long maxPendingShingles = MemoryBudget.defaults().batchChars(1);

  @Override
  public Integer call() throws IOException {
    if (input.paths().isEmpty() && signatures.files.isEmpty()) {
      throw new UsageException("missing INPUT (or --signatures FILE)");
    }
    input.checkInputs();
    long started = System.nanoTime();
    PrintWriter err = spec.commandLine().getErr();
    PipelineRun.sayHowInputsAreRead(input, quiet, err);
    data.warnUnused(err, "index build");
    SkipLog skips = new SkipLog(input.verbose, err);
    InputProblems problems = skips.problems(input.onErrorPolicy());
    List<Path> signatureFiles = signatureFiles();
    try (IndexDirectory directory = data.open(false)) {
      if (noBulk || upsert) {
        load(directory, skips, problems, err, started, signatureFiles);
      } else {
        bulkLoad(directory, skips, problems, err, started, signatureFiles);
      }
    }
    return ExitCodes.OK;
  }

  /**
   * The signature files: those given, a directory standing for its {@code .nds} files (the part
   * files of the Spark job's {@code --signatures-out}), in name order.
   */
  private List<Path> signatureFiles() throws IOException {
    List<Path> files = new ArrayList<>();
    for (Path given : signatures.files) {
      if (!Files.isDirectory(given)) {
        files.add(given);
        continue;
      }
      try (Stream<Path> listing = Files.list(given)) {
        List<Path> parts =
            listing
                .filter(
                    file -> {
                      String name = file.getFileName().toString();
                      return Files.isRegularFile(file)
                          && (name.endsWith(".nds")
                              || name.endsWith(".nds.gz")
                              || name.endsWith(".nds.zst"));
                    })
                .sorted()
                .toList();
        if (parts.isEmpty()) {
          throw new UsageException(given + ": a directory without signature files (.nds)");
        }
        files.addAll(parts);
      }
    }
    return files;
  }

  private void bulkLoad(
      IndexDirectory directory,
      SkipLog skips,
      InputProblems problems,
      PrintWriter err,
      long started,
      List<Path> signatureFiles)
      throws IOException {
    NearDupIndex<String> index = directory.index();
    Set<String> seen = new HashSet<>();
    int threads = threads(directory);
    long batchChars = MemoryBudget.defaults().batchChars(ParallelSketcher.batchesInFlight(threads));
    try (BulkLoader loader = BulkLoader.start(directory, Runtime.getRuntime().maxMemory() / 4)) {
      sketchInputs(
          index,
          seen,
          problems,
          threads,
          batchChars,
          (id, sketch, text) -> count(loader.add(id, sketch, text)));
      for (Path file : signatureFiles) {
        readSignatures(
            index, file, seen, problems, (id, sketch) -> count(loader.add(id, sketch, null)));
      }
      loader.finish();
    } catch (DiskFullException e) {
      throw new NearDupException(
          e.getMessage()
              + "; nothing of this build is in the index: free space and run the"
              + " same command again",
          e);
    }
    skips.print(problems);
    if (!quiet) {
      summarize(err, directory, (System.nanoTime() - started) / 1e9);
    }
  }

  /** A document read and sketched, with an id not seen before. */
  private interface SketchedDocuments {
    void accept(String id, Sketch sketch, String text);
  }

  /**
   * Reads every text input, sketches the documents on {@code threads} threads and hands each whose
   * id was not seen before to {@code documents} in input order; a repeated id is reported to {@code
   * problems}.
   */
  private void sketchInputs(
      NearDupIndex<String> index,
      Set<String> seen,
      InputProblems problems,
      int threads,
      long batchChars,
      SketchedDocuments documents)
      throws IOException {
    try (ParallelSketcher sketcher =
        new ParallelSketcher(
            index.sketcher(),
            threads,
            256,
            batchChars,
            (read, sketches) -> {
              for (int i = 0; i < read.size(); i++) {
                Document document = read.get(i);
                if (!seen.add(document.id())) {
                  problems.report(
                      new InputException(
                          document.source(),
                          document.line(),
                          InputProblem.DUPLICATE_ID,
                          "duplicate id '" + document.id() + "'"));
                  continue;
                }
                documents.accept(document.id(), sketches.get(i), document.text());
              }
            })) {
      for (Path path : input.paths()) {
        try (DocumentReader reader = DocumentReaders.open(path, input.options(path), problems)) {
          for (Document document; (document = reader.next()) != null; ) {
            sketcher.add(document);
          }
        }
      }
      sketcher.finish();
    }
  }

  private void count(WriteResult.Status status) {
    switch (status) {
      case ADDED -> added++;
      case REPLACED -> replaced++;
      case ALREADY_PRESENT -> present++;
      case EMPTY_DOCUMENT -> empty++;
      default -> throw new IllegalStateException("unexpected " + status);
    }
  }

  private void load(
      IndexDirectory directory,
      SkipLog skips,
      InputProblems problems,
      PrintWriter err,
      long started,
      List<Path> signatureFiles)
      throws IOException {
    try {
      NearDupIndex<String> index = directory.index();
      Set<String> seen = new HashSet<>();
      List<IndexWrite<String>> pending = new ArrayList<>(BATCH);
      int threads = threads(directory);
      long batchChars =
          MemoryBudget.defaults().batchChars(ParallelSketcher.batchesInFlight(threads));
      sketchInputs(
          index,
          seen,
          problems,
          threads,
          batchChars,
          (id, sketch, text) -> add(index, pending, write(id, sketch, text)));
      for (Path file : signatureFiles) {
        readSignatures(
            index,
            file,
            seen,
            problems,
            (id, sketch) -> add(index, pending, write(id, sketch, null)));
      }
      flush(index, pending);
      directory.sync();
      skips.print(problems);
      if (!quiet) {
        summarize(err, directory, (System.nanoTime() - started) / 1e9);
      }
    } catch (DiskFullException e) {
      throw new NearDupException(
          e.getMessage()
              + "; the "
              + (added + replaced)
              + " documents written before are in the index: free space and run the same command"
              + " again (ids already in the index are skipped)",
          e);
    }
  }

  private static int threads(IndexDirectory directory) {
    return directory.index().config().threads();
  }

  private IndexWrite<String> write(String id, Sketch sketch, String text) {
    return upsert
        ? IndexWrite.upsert(id, sketch, text, false)
        : IndexWrite.add(id, sketch, text, false);
  }

  /**
   * Adds a write to those waiting, and writes them all at {@value #BATCH} or once their shingle
   * sets would take a sixteenth of the heap (long documents).
   */
  private void add(
      NearDupIndex<String> index, List<IndexWrite<String>> pending, IndexWrite<String> write) {
    pending.add(write);
    long[] set = write.sketch().shingleHashes();
    pendingShingles += set == null ? 0 : set.length;
    if (pending.size() == BATCH || pendingShingles >= maxPendingShingles) {
      flush(index, pending);
    }
  }

  private void flush(NearDupIndex<String> index, List<IndexWrite<String>> pending) {
    if (pending.isEmpty()) {
      return;
    }
    for (WriteResult<String> result : index.writeAll(pending)) {
      count(result.status());
    }
    pending.clear();
    pendingShingles = 0;
  }

  /**
   * Reads the documents of a signature file, each id once, into {@code documents}; the file is read
   * and decoded on a thread of its own meanwhile ({@link SignatureReadAhead}).
   */
  private static void readSignatures(
      NearDupIndex<String> index,
      Path file,
      Set<String> seen,
      InputProblems problems,
      BiConsumer<String, Sketch> documents)
      throws IOException {
    try (InputStream in = Decompression.openInput(file).stream();
        SignatureFile.Reader reader = SignatureFile.read(in, file.toString())) {
      if (!reader.params().equals(index.sketcher().params())) {
        throw new IncompatibleSignatureException(index.sketcher().params(), reader.params());
      }
      if (!reader.withSets() && index.config().verifier().needsSets()) {
        throw new UsageException(
            file
                + ": carries signatures only, and this index verifies exactly (it needs the"
                + " shingle sets: sign without --signatures-only)");
      }
      try (SignatureReadAhead entries =
          new SignatureReadAhead(reader, file.getFileName().toString())) {
        long entry = 0;
        for (SignatureFile.Entry e; (e = entries.next()) != null; entry++) {
          if (!seen.add(e.id())) {
            problems.report(
                new InputException(
                    file.toString(),
                    0,
                    InputProblem.DUPLICATE_ID,
                    "duplicate id '" + e.id() + "' (entry " + (entry + 1) + ")"));
            continue;
          }
          Sketch sketch =
              e.hasShingleSet()
                  ? Sketch.ofSet(e.shingleSet(), e.signature(), -1)
                  : Sketch.ofSignature(e.signature());
          documents.accept(e.id(), sketch);
        }
      }
    }
  }

  private void summarize(PrintWriter err, IndexDirectory directory, double seconds) {
    long total = added + replaced;
    err.printf(
        Locale.ROOT,
        "neardup: %s added, %,d replaced in %.1f s (%,.0f a second) -> %s (%s, %.1f MB)%n",
        Formats.count(added, "document"),
        replaced,
        seconds,
        total / Math.max(seconds, 1e-9),
        directory.directory(),
        Formats.count(directory.index().size(), "document"),
        directory.diskBytes() / 1e6);
    if (present > 0) {
      err.printf(
          Locale.ROOT,
          "neardup: skipped %s already in the index (--upsert replaces them)%n",
          Formats.count(present, "document"));
    }
    if (empty > 0) {
      err.printf(
          Locale.ROOT,
          "neardup: skipped %s (nothing left after normalization)%n",
          Formats.count(empty, "empty document"));
    }
    err.flush();
  }
}
