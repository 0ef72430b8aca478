package org.neardup.batch.reference;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import org.neardup.api.Internal;
import org.neardup.batch.corpus.Corpus;
import org.neardup.batch.corpus.Progress;
import org.neardup.config.PipelineConfig;
import org.neardup.index.Match;
import org.neardup.internal.concurrent.ParallelRange;
import org.neardup.internal.concurrent.Workers;
import org.neardup.lsh.Banding;
import org.neardup.sketch.DocumentSketcher;
import org.neardup.sketch.Sketch;
import org.neardup.verify.Jaccard;
import org.neardup.verify.Verifier;
import org.neardup.verify.VerifyMode;

/**
 * Finds the pairs of a corpus's documents with references' documents at the corpus's threshold, by
 * its banding, each confirmed by its {@link Verifier}: exactly the pairs that {@code pairs} over
 * both would report between them (the same candidates, the same verification), and none among the
 * references. Stateless.
 *
 * <ul>
 *   <li>A {@link StreamedReference} is read in full once: each of its documents is sketched (texts
 *       only; signature files are not sketched again), its bucket keys looked up in a table of the
 *       corpus's buckets ({@link NewBuckets}), and its candidates verified, on the corpus's
 *       threads. The table takes about 11 bytes a band a document; a corpus whose table would pass
 *       the memory budget's join share is taken in slices, the reference read once for each.
 *   <li>A {@link LookupReference} is asked for the matches of each of the corpus's documents: its
 *       cost grows with the corpus, not with the reference.
 * </ul>
 *
 * <p>The corpus must give every document's shingle set in exact verification (a corpus {@link
 * org.neardup.batch.BatchRun#readKeepingSets read keeping its sets}). Public for {@link
 * org.neardup.batch.BatchRun#against}, which is the API.
 */
@Internal
public final class ReferenceProbe {
  private static final int BATCH = 256;

  private ReferenceProbe() {}

  /**
   * The pairs of {@code corpus}'s documents with every reference's documents.
   *
   * @throws IllegalArgumentException when a reference was made with other settings than the
   *     corpus's (sketch params; for an index also threshold, banding and verification), or gives
   *     no shingle sets to an exact run, naming it
   * @throws IllegalStateException when the corpus did not keep its shingle sets in exact mode
   */
  public static ReferencePairs find(
      Corpus corpus, List<? extends Reference> references, Progress progress) {
    return find(corpus, corpus.config(), null, references, progress);
  }

  /**
   * The pairs of {@code corpus}'s documents with every reference's documents under {@code config}
   * (the corpus's sketch params, threshold and banding; its verification may be exact where the
   * corpus was read in estimate mode), each document's shingle set made when a candidate needs it
   * by {@code sets} (null: the corpus's own sets): for documents whose sets are cheap to make again
   * and too many to keep.
   *
   * @throws IllegalArgumentException as {@link #find(Corpus, List, Progress)}
   * @throws IllegalStateException when neither the corpus nor {@code sets} gives the sets exact
   *     verification needs
   */
  public static ReferencePairs find(
      Corpus corpus,
      PipelineConfig config,
      IntFunction<long[]> sets,
      List<? extends Reference> references,
      Progress progress) {
    Objects.requireNonNull(corpus, "corpus");
    if (!config.sketch().equals(corpus.config().sketch())) {
      throw new IllegalArgumentException(
          "the corpus was sketched with " + corpus.config().sketch() + ", not " + config.sketch());
    }
    if (config.verify() == VerifyMode.EXACT
        && sets == null
        && !corpus.keepsShingleSets()
        && corpus.size() > 0) {
      throw new IllegalStateException(
          "a run against references needs its documents' shingle sets: read it keeping them");
    }
    for (Reference reference : references) {
      check(config, reference);
    }
    ReferencePairs.Builder pairs = new ReferencePairs.Builder();
    for (int r = 0; r < references.size(); r++) {
      Reference reference = references.get(r);
      if (reference instanceof LookupReference lookup) {
        lookUp(corpus, new NewSketches(corpus, config, sets), lookup, pairs, progress);
      } else {
        stream(corpus, config, sets, r, (StreamedReference) reference, pairs, progress);
      }
    }
    return pairs.build();
  }

  /**
   * Refuses a reference whose sketches or matches are not comparable with a run's of {@code
   * config}, as {@link #find} does: a face that reads a reference in another form (an index copied
   * into a signature file) checks it first with this.
   *
   * @throws IllegalArgumentException naming the reference and what differs
   */
  public static void check(PipelineConfig config, Reference reference) {
    if (reference instanceof LookupReference lookup) {
      PipelineConfig other = lookup.config();
      List<String> differences = new ArrayList<>();
      if (!other.sketch().equals(config.sketch())) {
        differences.add("sketched with " + other.sketch() + ", not " + config.sketch());
      }
      if (other.threshold() != config.threshold()) {
        differences.add("threshold " + other.threshold() + ", not " + config.threshold());
      }
      if (!other.lshParams().equals(config.lshParams())) {
        differences.add("banding " + other.lshParams() + ", not " + config.lshParams());
      }
      if (other.verify() != config.verify()) {
        differences.add(
            "verification " + other.verify() + ", not " + config.verify() + " (--estimate)");
      }
      if (!differences.isEmpty()) {
        throw new IllegalArgumentException(
            reference.name() + ": made with other settings: " + String.join("; ", differences));
      }
    } else if (reference instanceof StreamedReference streamed) {
      if (streamed.params() != null && !streamed.params().equals(config.sketch())) {
        throw new IllegalArgumentException(
            reference.name() + ": sketched with " + streamed.params() + ", not " + config.sketch());
      }
      if (config.verify() == VerifyMode.EXACT && !streamed.givesSets()) {
        throw new IllegalArgumentException(
            reference.name()
                + ": carries no shingle sets, so a pair with one of its documents cannot be"
                + " confirmed exactly");
      }
    } else {
      throw new IllegalArgumentException(
          reference.name() + ": neither a streamed nor a looked-up reference");
    }
  }

  /** Asks the reference for each document's matches, on the corpus's threads. */
  private static void lookUp(
      Corpus corpus,
      NewSketches sketches,
      LookupReference reference,
      ReferencePairs.Builder pairs,
      Progress progress) {
    progress.start("looking up " + reference.name(), corpus.size());
    record Found(int document, Match<String> match) {}
    List<Found> found =
        ParallelRange.collect(
            corpus.size(),
            corpus.config().threads(),
            progress::advance,
            (document, out) -> {
              for (Match<String> match : reference.matches(sketches.sketch(document))) {
                out.add(new Found(document, match));
              }
            });
    progress.finish();
    found.sort(
        (a, b) ->
            a.document() != b.document()
                ? Integer.compare(a.document(), b.document())
                : a.match().key().compareTo(b.match().key()));
    for (Found f : found) {
      pairs.add(f.match().key(), f.match().key(), f.document(), f.match().similarity());
    }
    pairs.countLookups(reference.size(), corpus.size());
  }

  /**
   * Reads the reference through the corpus's buckets, a slice of the corpus at a time when its
   * table would not fit the budget.
   */
  private static void stream(
      Corpus corpus,
      PipelineConfig config,
      IntFunction<long[]> sets,
      int referenceIndex,
      StreamedReference reference,
      ReferencePairs.Builder pairs,
      Progress progress) {
    Banding banding = new Banding(config.lshParams());
    int bands = config.lshParams().bands();
    long perDocument = Math.max(1, NewBuckets.bytesFor(bands * 1024L) / 1024);
    int slice =
        (int) Math.max(1, Math.min(corpus.size(), corpus.budget().joinBytes() / perDocument));
    NewSketches sketches = new NewSketches(corpus, config, sets);
    for (int from = 0; from < corpus.size(); from += slice) {
      int to = Math.min(corpus.size(), from + slice);
      NewBuckets table = new NewBuckets((long) bands * (to - from));
      for (int d = from; d < to; d++) {
        for (long key : banding.bucketKeys(sketches.signature(d))) {
          table.add(key, d);
        }
      }
      new Stream(
              corpus, config, referenceIndex, reference, table, banding, sketches, pairs, progress)
          .run(from == 0);
    }
  }

  /**
   * The corpus's documents' signatures and sets as verification needs them: kept ones (or made by
   * the given function), or made again from the set when full signatures were not kept. Thread-safe
   * when the function is.
   */
  private static final class NewSketches {
    private final Corpus corpus;
    private final IntFunction<long[]> sets;
    private final DocumentSketcher sketcher;
    private final boolean exact;

    NewSketches(Corpus corpus, PipelineConfig config, IntFunction<long[]> sets) {
      this.corpus = corpus;
      this.sets = sets;
      this.sketcher = DocumentSketcher.create(config.sketch());
      this.exact = config.verify() == VerifyMode.EXACT;
    }

    int[] signature(int document) {
      return corpus.keepsFullSignatures()
          ? corpus.signature(document)
          : sketcher.sign(shingles(document));
    }

    long[] set(int document) {
      return exact ? shingles(document) : null;
    }

    private long[] shingles(int document) {
      return sets != null ? sets.apply(document) : corpus.shingles(document);
    }

    /** Its sketch: with its set in exact verification, else its signature alone (not empty). */
    Sketch sketch(int document) {
      long[] set = set(document);
      return set == null
          ? Sketch.ofSignature(signature(document))
          : Sketch.ofSet(set, signature(document), -1);
    }
  }

  /** One pass of a streamed reference through one table. */
  private static final class Stream {
    private final int referenceIndex;
    private final StreamedReference reference;
    private final NewBuckets table;
    private final Banding banding;
    private final NewSketches sketches;
    private final ReferencePairs.Builder pairs;
    private final Progress progress;
    private final DocumentSketcher sketcher;
    private final Verifier verifier;
    private final ExecutorService pool;
    private final ArrayDeque<Future<Batch>> pending = new ArrayDeque<>();
    private final int maxPending;
    private final long maxChars;
    private final AtomicLong candidates = new AtomicLong();
    private Batch batch;
    private long position;

    Stream(
        Corpus corpus,
        PipelineConfig config,
        int referenceIndex,
        StreamedReference reference,
        NewBuckets table,
        Banding banding,
        NewSketches sketches,
        ReferencePairs.Builder pairs,
        Progress progress) {
      this.referenceIndex = referenceIndex;
      this.reference = reference;
      this.table = table;
      this.banding = banding;
      this.sketches = sketches;
      this.pairs = pairs;
      this.progress = progress;
      this.sketcher = DocumentSketcher.create(config.sketch());
      this.verifier = config.verifier();
      int threads = config.threads();
      this.pool = Executors.newFixedThreadPool(threads, Workers.daemonFactory("neardup-against"));
      this.maxPending = 3 * threads;
      this.maxChars = corpus.budget().batchChars(maxPending + 1);
      this.batch = new Batch(0);
    }

    /** Reads the reference to its end, counting its documents when {@code count}. */
    void run(boolean count) {
      progress.startBytes("against " + reference.name(), reference.bytes());
      try {
        reference.read(
            new StreamedReference.Sink() {
              @Override
              public void text(String id, String rawText) {
                add(id, rawText, null, -1, null);
              }

              @Override
              public void sketch(
                  String id, int[] signature, int setSize, Supplier<long[]> shingleSet) {
                add(id, null, signature, setSize, shingleSet);
              }
            },
            progress::advance);
        submit();
        while (!pending.isEmpty()) {
          collect(ParallelRange.get(pending.poll()));
        }
        pairs.countRead(count ? position : 0, candidates.get());
      } finally {
        pool.shutdownNow();
        progress.finish();
      }
    }

    private void add(String id, String text, int[] signature, int setSize, Supplier<long[]> set) {
      batch.add(id, text, signature, setSize, set);
      position++;
      if (batch.size == BATCH || batch.chars >= maxChars) {
        submit();
      }
    }

    private void submit() {
      Batch full = batch;
      batch = new Batch(position);
      if (full.size == 0) {
        return;
      }
      pending.add(pool.submit(() -> full.probe(this)));
      while (pending.size() > maxPending) {
        collect(ParallelRange.get(pending.poll()));
      }
    }

    private void collect(Batch done) {
      for (int k = 0; k < done.size; k++) {
        int[] documents = done.found[k];
        if (documents == null) {
          continue;
        }
        Long identity = (long) referenceIndex << 40 | (done.start + k);
        for (int i = 0; i < documents.length; i++) {
          pairs.add(identity, done.ids[k], documents[i], done.similarities[k][i]);
        }
      }
    }

    /** The verified candidates of one reference document: documents and similarities. */
    private void probe(Batch batch, int k, int[] scratch) {
      int[] signature = batch.signatures[k];
      Supplier<long[]> set = batch.sets.get(k);
      if (batch.texts[k] != null) {
        Sketch sketch = sketcher.sketch(batch.texts[k]);
        batch.texts[k] = null;
        if (sketch.isEmpty()) {
          return; // nothing to compare
        }
        signature = sketch.signature();
        long[] sketched = verifier.needsSets() ? sketch.shingleSet() : null;
        set = () -> sketched;
      } else if (batch.setSizes[k] == 0) {
        return; // nothing to compare
      } else if (set != null) {
        set = decodedOnce(set);
      }
      int[] count = new int[1];
      int[] candidates = table.candidates(banding.bucketKeys(signature), scratch, count);
      this.candidates.addAndGet(count[0]);
      int[] documents = null;
      double[] similarities = null;
      int found = 0;
      Supplier<long[]> referenceSet = set;
      for (int c = 0; c < count[0]; c++) {
        int document = candidates[c];
        double similarity =
            verifier.verify(
                signature,
                sketches.signature(document),
                referenceSet,
                () -> sketches.set(document));
        if (similarity != Jaccard.BELOW) {
          if (documents == null) {
            documents = new int[count[0]];
            similarities = new double[count[0]];
          }
          documents[found] = document;
          similarities[found++] = similarity;
        }
      }
      if (found > 0) {
        batch.found[k] = java.util.Arrays.copyOf(documents, found);
        batch.similarities[k] = java.util.Arrays.copyOf(similarities, found);
      }
      batch.signatures[k] = null;
      batch.sets.set(k, null);
    }
  }

  /** {@code set}, asked for once at the most. */
  private static Supplier<long[]> decodedOnce(Supplier<long[]> set) {
    long[][] decoded = new long[1][];
    return () -> {
      if (decoded[0] == null) {
        decoded[0] = set.get();
      }
      return decoded[0];
    };
  }

  /** Reference documents read in a row, and what probing found for each. */
  private static final class Batch {
    final long start;
    final String[] ids = new String[BATCH];
    final String[] texts = new String[BATCH];
    final int[][] signatures = new int[BATCH][];
    final int[] setSizes = new int[BATCH];
    final List<Supplier<long[]>> sets = new ArrayList<>(BATCH);

    final int[][] found = new int[BATCH][];
    final double[][] similarities = new double[BATCH][];
    int size;
    long chars;

    Batch(long start) {
      this.start = start;
    }

    void add(String id, String text, int[] signature, int setSize, Supplier<long[]> set) {
      ids[size] = id;
      texts[size] = text;
      signatures[size] = signature;
      setSizes[size] = setSize;
      sets.add(set);
      chars += text == null ? Math.max(0, setSize) : text.length();
      size++;
    }

    Batch probe(Stream stream) {
      int[] scratch = new int[64];
      for (int k = 0; k < size; k++) {
        stream.probe(this, k, scratch);
      }
      return this;
    }
  }
}
