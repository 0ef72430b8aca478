package org.neardup.batch.corpus;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.neardup.batch.spill.ShingleSets;
import org.neardup.batch.spill.SignatureStore;
import org.neardup.config.MemoryBudget;
import org.neardup.config.PipelineConfig;
import org.neardup.input.Document;
import org.neardup.input.InputException;
import org.neardup.input.InputProblem;
import org.neardup.input.InputProblems;
import org.neardup.internal.concurrent.ParallelRange;
import org.neardup.internal.concurrent.Workers;
import org.neardup.lsh.Banding;
import org.neardup.sketch.DocumentSketcher;
import org.neardup.sketch.Sketch;
import org.neardup.verify.ParityBitmap;
import org.neardup.verify.VerifyMode;

/**
 * Builds a {@link Corpus} from documents fed in input order: normalizes, shingles and signs them on
 * {@code config.threads()} threads, in batches, while the caller keeps reading. At most a few
 * batches of raw text are in memory at once. Skips and counts empty documents (nothing left after
 * normalization: nothing to compare), and reports duplicate ids (in input order, so the first
 * occurrence of an id wins) to the {@link InputProblems}.
 *
 * <p>Memory follows a {@link MemoryBudget}: shingle sets are kept while they fit its share, then
 * dropped when a {@link SketchSource} can read the documents again (verification sketches the few
 * candidates it needs again), or else written to a temporary file; signatures are kept in full
 * while they fit, then packed to 4 bits a value with their bucket keys sorted on disk (see {@link
 * SignatureStore}). Not thread-safe: feed it from one thread; close it when done.
 */
public final class CorpusBuilder implements AutoCloseable {
  private static final int BATCH_SIZE = 256;

  private final PipelineConfig config;
  private final InputProblems problems;
  private final Progress progress;
  private final DocumentSketcher sketcher;
  private final Banding banding;
  private final MemoryBudget budget;
  private final SketchSource rereader;
  private final ExecutorService workers;
  private final ArrayDeque<Future<Batch>> pending = new ArrayDeque<>();
  private final int maxPending;

  /**
   * A batch is sent to the workers at {@value #BATCH_SIZE} documents or this many chars of text.
   */
  private final long maxBatchChars;

  private long batchChars;
  private final List<String> sources = new ArrayList<>();
  private List<Document> batch = new ArrayList<>(BATCH_SIZE);
  private int[] batchSourceIndexes = new int[BATCH_SIZE];

  private final DocumentIds ids = new DocumentIds();
  private volatile ShingleSets shingleSets; // null in estimate mode, and once dropped
  private volatile boolean setsDropped;
  private final SignatureStore signatures;
  private final int bitmapWords;
  private int[] textLengths = new int[1024];
  private int[] sourceIndexes = new int[1024];
  private long[] recordIndexes = new long[1024];
  private double[] keepValues; // null until a document has one
  private int size;
  private long shortDocuments;
  private boolean built;

  /**
   * A builder with {@link MemoryBudget#defaults()} that keeps every shingle set (in memory or
   * spilled).
   */
  public CorpusBuilder(PipelineConfig config, InputProblems problems, Progress progress) {
    this(config, problems, progress, MemoryBudget.defaults(), null);
  }

  /**
   * @param budget what may stay in memory
   * @param rereader reads the documents again: when given, shingle sets past the budget are dropped
   *     rather than spilled, and verification sketches its candidates again; null to keep every set
   */
  public CorpusBuilder(
      PipelineConfig config,
      InputProblems problems,
      Progress progress,
      MemoryBudget budget,
      SketchSource rereader) {
    this.config = Objects.requireNonNull(config, "config");
    this.problems = Objects.requireNonNull(problems, "problems");
    this.progress = Objects.requireNonNull(progress, "progress");
    this.budget = Objects.requireNonNull(budget, "budget");
    this.rereader = rereader;
    this.shingleSets =
        config.verify() == VerifyMode.EXACT
            ? new ShingleSets(budget.shingleSetBytes(), budget.spillDirectory())
            : null;
    this.sketcher = DocumentSketcher.create(config.sketch());
    this.banding = new Banding(config.lshParams());
    // Dropped full signatures are made again at verification: from the kept sets, or by reading
    // again.
    boolean mayDropFull = rereader != null || config.verify() == VerifyMode.EXACT;
    this.bitmapWords = bitmapWords(config);
    this.signatures =
        new SignatureStore(
            config.minHash().numPermutations(),
            banding,
            mayDropFull ? budget : budget.withSignatureBytes(Long.MAX_VALUE),
            bitmapWords,
            config.verifier());
    this.workers =
        Executors.newFixedThreadPool(config.threads(), Workers.daemonFactory("neardup-sign"));
    this.maxPending = config.threads() * 3;
    this.maxBatchChars = budget.batchChars(maxPending + 1);
  }

  /**
   * Longs of the {@link ParityBitmap} each document gets, or 0 for none: only below a threshold of
   * 0.75 in exact mode, where the signature filter lets most candidates through and the bitmap
   * rules them out; making one costs sorting the document's shingles while reading.
   */
  static int bitmapWords(PipelineConfig config) {
    int words = ParityBitmap.wordsFor(config.threshold());
    return config.verify() == VerifyMode.EXACT && words > 16 ? words : 0;
  }

  /** Adds the next document. */
  public void add(Document document) {
    Objects.requireNonNull(document, "document");
    batchSourceIndexes[batch.size()] = sourceIndex(document.source());
    batch.add(document);
    batchChars += document.text().length();
    if (batch.size() == BATCH_SIZE || batchChars >= maxBatchChars) {
      submit();
    }
  }

  private int sourceIndex(String source) {
    int last = sources.size() - 1;
    if (last >= 0 && sources.get(last).equals(source)) {
      return last;
    }
    int index = sources.indexOf(source);
    if (index < 0) {
      sources.add(source);
      index = sources.size() - 1;
    }
    return index;
  }

  private void submit() {
    List<Document> documents = batch;
    int[] documentSources = batchSourceIndexes;
    batch = new ArrayList<>(BATCH_SIZE);
    batchSourceIndexes = new int[BATCH_SIZE];
    batchChars = 0;
    pending.add(workers.submit(() -> process(documents, documentSources)));
    while (pending.size() > maxPending) {
      collect(pending.poll());
    }
  }

  /** Waits for all documents to be signed and returns the corpus; close the corpus when done. */
  public Corpus build() {
    built = true;
    if (!batch.isEmpty()) {
      submit();
    }
    while (!pending.isEmpty()) {
      collect(pending.poll());
    }
    workers.shutdownNow();
    if (shingleSets != null) {
      shingleSets.finish();
    }
    ids.finish();
    return new Corpus(
        config,
        ids,
        shingleSets,
        rereader,
        signatures,
        Arrays.copyOf(textLengths, size),
        Arrays.copyOf(sourceIndexes, size),
        Arrays.copyOf(recordIndexes, size),
        keepValues == null ? null : Arrays.copyOf(keepValues, size),
        sources,
        shortDocuments,
        budget);
  }

  /**
   * Stops the workers. Called after {@link #build()}, it leaves the corpus alone; without a build
   * (an error while reading), it also deletes any temporary file.
   */
  @Override
  public void close() {
    workers.shutdownNow();
    if (!built) {
      if (shingleSets != null) {
        shingleSets.close();
      }
      signatures.close();
    }
  }

  /** Signed documents of one batch; a null signature marks an empty document. */
  private static final class Batch {
    final List<Document> documents;
    final int[] sourceIndexes;
    final long[][] shingles;
    final int[][] signatures;
    final long[][] bucketKeys;
    final long[][] bitmaps;
    final int[] setSizes;
    final boolean[] isShort;
    boolean shinglesAreSets;
    ShingleSets.SpillBlock spillBlock; // the sets, encoded, when they are spilled

    Batch(List<Document> documents, int[] sourceIndexes) {
      this.documents = documents;
      this.sourceIndexes = sourceIndexes;
      int n = documents.size();
      shingles = new long[n][];
      signatures = new int[n][];
      bucketKeys = new long[n][];
      bitmaps = new long[n][];
      setSizes = new int[n];
      isShort = new boolean[n];
    }
  }

  private Batch process(List<Document> documents, int[] documentSources) {
    Batch result = new Batch(documents, documentSources);
    ShingleSets sets = shingleSets; // null once dropped
    boolean keepSets = sets != null && !setsDropped;
    // Spilled sets are written sorted: sort here, in parallel, rather than on the collecting
    // thread.
    result.shinglesAreSets = keepSets && sets.spilling();
    for (int i = 0; i < documents.size(); i++) {
      Sketch sketch = sketcher.sketch(documents.get(i).text());
      if (sketch.isEmpty()) {
        continue;
      }
      result.isShort[i] = sketcher.isShort(sketch);
      result.signatures[i] = sketch.signature();
      result.bucketKeys[i] = banding.bucketKeys(sketch.signature());
      if (bitmapWords > 0 && signatures.keepsBitmaps()) {
        long[] set = sketch.shingleSet();
        result.bitmaps[i] = new long[bitmapWords];
        ParityBitmap.write(set, result.bitmaps[i], 0, bitmapWords);
        result.setSizes[i] = set.length;
      }
      if (keepSets) {
        // unsorted unless spilled: sorted later, if ever verified
        result.shingles[i] = result.shinglesAreSets ? sketch.shingleSet() : sketch.shingleHashes();
      }
    }
    if (result.shinglesAreSets) {
      result.spillBlock = new ShingleSets.SpillBlock(result.shingles);
      java.util.Arrays.fill(result.shingles, null);
    }
    return result;
  }

  private void collect(Future<Batch> future) {
    Batch result =
        ParallelRange.get(future); // a worker's exception or error (out of memory) as thrown
    for (int i = 0; i < result.documents.size(); i++) {
      Document document = result.documents.get(i);
      if (result.signatures[i] == null) {
        problems.skip(InputProblem.EMPTY_DOCUMENT); // nothing to compare: skipped, counted
        continue;
      }
      if (!ids.add(document.id())) {
        problems.report(
            new InputException(
                document.source(),
                document.line(),
                document.recordIndex(),
                InputProblem.DUPLICATE_ID,
                "duplicate id '" + document.id() + "'"));
        continue;
      }
      keepSet(result.shingles[i], result.shinglesAreSets, result.spillBlock, i);
      append(
          document,
          result.sourceIndexes[i],
          result.signatures[i],
          result.bucketKeys[i],
          result.bitmaps[i],
          result.setSizes[i],
          result.isShort[i]);
    }
    progress.advance(result.documents.size());
  }

  /**
   * Adds a document already sketched (an entry of a signature file), in input order with the
   * documents added as text. Its sketch must have been made with this builder's sketch params.
   *
   * @param shingleSet its sorted shingle set; may be null only in {@link VerifyMode#ESTIMATE}
   * @param textLength length of its raw text (for keep policies)
   * @throws IllegalArgumentException for a signature of the wrong length, or a missing set in exact
   *     mode
   */
  public void add(
      String id,
      int[] signature,
      long[] shingleSet,
      int textLength,
      String source,
      long line,
      long recordIndex) {
    if (signature.length != config.minHash().numPermutations()) {
      throw new IllegalArgumentException(
          "signature of "
              + id
              + " has "
              + signature.length
              + " values, expected "
              + config.minHash().numPermutations());
    }
    if (config.verify() == VerifyMode.EXACT && shingleSet == null) {
      throw new IllegalArgumentException(
          "no shingle set for " + id + ": exact verification needs the sets");
    }
    if (!batch.isEmpty()) {
      submit();
    }
    while (!pending.isEmpty()) {
      collect(pending.poll()); // keep input order
    }
    if (shingleSet != null && shingleSet.length == 0) {
      problems.skip(InputProblem.EMPTY_DOCUMENT);
      return;
    }
    if (!ids.add(id)) {
      problems.report(
          new InputException(
              source, line, recordIndex, InputProblem.DUPLICATE_ID, "duplicate id '" + id + "'"));
      return;
    }
    keepSet(shingleSet, true, null, 0);
    long[] bitmap = null;
    if (bitmapWords > 0 && shingleSet != null) {
      bitmap = new long[bitmapWords];
      ParityBitmap.write(shingleSet, bitmap, 0, bitmapWords);
    }
    append(
        textLength,
        recordIndex,
        sourceIndex(source),
        signature,
        null,
        bitmap,
        shingleSet == null ? 0 : shingleSet.length,
        false);
  }

  /**
   * Keeps the next document's set while it fits the budget; past it, drops every set when the
   * documents can be read again, or spills.
   */
  private void keepSet(
      long[] hashes, boolean isSet, ShingleSets.SpillBlock block, int indexInBlock) {
    if (shingleSets == null) {
      return;
    }
    if (rereader != null
        && !shingleSets.spilling()
        && hashes != null
        && !shingleSets.fits(hashes.length)) {
      shingleSets.close();
      shingleSets = null;
      setsDropped = true;
      return;
    }
    if (block != null) {
      shingleSets.append(block, indexInBlock);
    } else if (hashes != null) {
      shingleSets.append(hashes, isSet);
    }
  }

  private void append(
      Document document,
      int sourceIndex,
      int[] signature,
      long[] bucketKeys,
      long[] bitmap,
      int setSize,
      boolean isShort) {
    append(
        document.text().length(),
        document.recordIndex(),
        sourceIndex,
        signature,
        bucketKeys,
        bitmap,
        setSize,
        isShort);
    if (document.hasKeepValue() && keepValues == null) {
      keepValues = new double[textLengths.length];
      Arrays.fill(keepValues, Double.NaN);
    }
    if (keepValues != null) {
      keepValues[size - 1] = document.keepValue();
    }
  }

  private void append(
      int textLength,
      long recordIndex,
      int sourceIndex,
      int[] signature,
      long[] bucketKeys,
      long[] bitmap,
      int setSize,
      boolean isShort) {
    if (size == textLengths.length) {
      int capacity = size + (size >> 1);
      textLengths = Arrays.copyOf(textLengths, capacity);
      sourceIndexes = Arrays.copyOf(sourceIndexes, capacity);
      recordIndexes = Arrays.copyOf(recordIndexes, capacity);
      if (keepValues != null) {
        int filled = keepValues.length;
        keepValues = Arrays.copyOf(keepValues, capacity);
        Arrays.fill(keepValues, filled, capacity, Double.NaN);
      }
    }
    signatures.add(signature, bucketKeys, bitmap, setSize);
    textLengths[size] = textLength;
    sourceIndexes[size] = sourceIndex;
    recordIndexes[size] = recordIndex;
    size++;
    if (isShort) {
      shortDocuments++;
    }
  }
}
