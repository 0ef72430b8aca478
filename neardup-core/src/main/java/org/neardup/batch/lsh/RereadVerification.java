package org.neardup.batch.lsh;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import org.neardup.batch.corpus.Corpus;
import org.neardup.batch.corpus.Progress;
import org.neardup.batch.corpus.SketchSource;
import org.neardup.batch.spill.CandidateLog;
import org.neardup.batch.spill.HeldSketches;
import org.neardup.batch.spill.IntLog;
import org.neardup.config.MemoryBudget;
import org.neardup.config.PipelineConfig;
import org.neardup.internal.concurrent.ParallelRange;
import org.neardup.internal.concurrent.Workers;
import org.neardup.sketch.DocumentSketcher;
import org.neardup.verify.SimilarPair;
import org.neardup.verify.Verifier;

/**
 * Verification of a corpus that keeps neither its shingle sets nor (maybe) its full signatures: the
 * inputs are read once more, from start to end, and only the documents in a candidate pair are
 * sketched again, in parallel batches (in exact mode only their shingle keys are made, as the
 * candidates passed the signature filter already: {@link DocumentSketcher#shingleKeys}, cheaper
 * than hashes, or the hashes when a signature file gives some documents as sets; in estimate mode
 * only their signatures). The pairs come in order of their later member, so when a batch is
 * sketched, every pair whose later member is in it can be verified: its earlier member was sketched
 * before and is held ({@link HeldSketches}) until its last pair, then let go. No set is sorted: a
 * pair's Jaccard is counted from the two documents' shingle keys or hashes as the shingler made
 * them ({@link Verifier#exactOfHashes}, a table of the later member's, kept for its next pair).
 * Memory holds the keys still awaited (spilled past the budget) and batches whose chars stay within
 * a share of the heap ({@link MemoryBudget#batchChars}), not the corpus. Stateless.
 */
final class RereadVerification {
  private static final int BATCH = 256;

  private RereadVerification() {}

  /** Documents read again, in ordinal order, with their sketches once made. */
  private static final class Batch {
    final int[] ordinals = new int[BATCH];
    final String[] texts = new String[BATCH];

    /**
     * A document's shingle hashes in any order (a signature file's set, or as the shingler made
     * them), or its shingle keys when every document is read as text.
     */
    final long[][] shingles = new long[BATCH][];

    final int[][] signatures = new int[BATCH][];
    int size;
    long chars;

    int indexOf(int ordinal) {
      int index = java.util.Arrays.binarySearch(ordinals, 0, size, ordinal);
      if (index < 0) {
        throw new IllegalStateException("ordinal " + ordinal + " was not read again");
      }
      return index;
    }
  }

  static CandidateVerification.Outcome verify(
      Corpus corpus, SketchSource source, CandidateLog candidates, Progress progress) {
    Run run = new Run(corpus, candidates, progress, source.givesOnlyTexts());
    progress.start(
        "verifying (reading " + candidates.documents() + " documents again)", candidates.pairs());
    try (run) {
      source.reread(corpus, candidates::needed, run);
      run.flush();
      run.drain(0);
      if (run.hasPair) {
        throw new IllegalStateException(
            "document " + run.pairLater + " was not read again: did an input change?");
      }
    } finally {
      run.pool.shutdownNow();
      progress.finish();
    }
    return new CandidateVerification.Outcome(
        CandidateVerification.sorted(run.found),
        run.verified.sum(),
        run.needSets ? run.nearMisses.sum() : -1);
  }

  /** One pass: receives the documents read again, sketches them, verifies their pairs. */
  private static final class Run implements SketchSource.Sink, AutoCloseable {
    final ExecutorService pool;
    final ConcurrentLinkedQueue<List<SimilarPair>> found = new ConcurrentLinkedQueue<>();
    final LongAdder verified = new LongAdder();
    final LongAdder nearMisses = new LongAdder();
    private final CandidateLog candidates;
    private final Progress progress;
    private final DocumentSketcher sketcher;
    private final Verifier verifier;
    private final boolean needSets;
    private final boolean needSignatures;

    /**
     * What a document read again is compared as: its shingle keys when every document is read as
     * text, else its shingle hashes (those of a signature file's sets); the same for the ones held.
     */
    private final Function<String, long[]> shinglesOf;

    private final Corpus corpus;
    private final HeldSketches held;
    private final IntLog.Reader pairs;
    private final int maxPending;

    /** A batch is sketched at {@value #BATCH} documents or this many chars of text. */
    private final long maxBatchChars;

    private final ArrayDeque<Future<Batch>> sketching = new ArrayDeque<>();
    private final ArrayDeque<Future<?>> verifying = new ArrayDeque<>();
    private Batch batch = new Batch();
    private boolean hasPair;
    private int pairEarlier;
    private int pairLater;

    Run(Corpus corpus, CandidateLog candidates, Progress progress, boolean onlyTexts) {
      PipelineConfig config = corpus.config();
      this.corpus = corpus;
      this.candidates = candidates;
      this.progress = progress;
      this.sketcher = DocumentSketcher.create(config.sketch());
      this.verifier = config.verifier();
      this.needSets = verifier.needsSets();
      // exact mode: the candidates passed the signature filter already, so only sets are needed
      this.needSignatures = !needSets && !corpus.keepsFullSignatures();
      this.shinglesOf = onlyTexts ? sketcher::shingleKeys : sketcher::shingleHashes;
      this.held =
          new HeldSketches(
              corpus.budget().setCacheBytes(), corpus.budget().spillDirectory(), shinglesOf);
      this.pairs = candidates.reader();
      this.pool =
          Executors.newFixedThreadPool(config.threads(), Workers.daemonFactory("neardup-verify"));
      this.maxPending = 3 * config.threads();
      // in flight: the batches being sketched, those being verified, and the one being filled
      this.maxBatchChars = corpus.budget().batchChars(2 * maxPending + 1);
      advancePair();
    }

    @Override
    public void text(int ordinal, String rawText) {
      batch.ordinals[batch.size] = ordinal;
      batch.texts[batch.size] = rawText;
      batch.chars += rawText.length();
      added();
    }

    @Override
    public void sketch(int ordinal, int[] signature, long[] shingleSet) {
      batch.ordinals[batch.size] = ordinal;
      batch.shingles[batch.size] = shingleSet;
      batch.signatures[batch.size] = signature;
      added();
    }

    private void added() {
      if (++batch.size == BATCH || batch.chars >= maxBatchChars) {
        flush();
      }
    }

    void flush() {
      if (batch.size == 0) {
        return;
      }
      Batch full = batch;
      batch = new Batch();
      sketching.add(pool.submit(() -> sketch(full)));
      drain(maxPending);
    }

    private Batch sketch(Batch b) {
      for (int k = 0; k < b.size; k++) {
        String text = b.texts[k];
        if (text == null) {
          continue; // a signature file's entry: given
        }
        if (needSets) {
          b.shingles[k] = shinglesOf.apply(text);
        } else {
          b.signatures[k] =
              sketcher.sketch(text).signature(); // estimate mode, no full signatures kept
        }
      }
      return b; // the texts stay until held: one past the budget waits as its text
    }

    /** Takes sketched batches, in order, while more than {@code limit} are in flight. */
    void drain(int limit) {
      while (sketching.size() > limit) {
        Batch done = ParallelRange.get(sketching.poll());
        schedule(done);
        while (verifying.size() > maxPending) {
          ParallelRange.get(verifying.poll());
        }
      }
      if (limit == 0) {
        while (!verifying.isEmpty()) {
          ParallelRange.get(verifying.poll());
        }
      }
    }

    /** Holds the batch's earlier members, then verifies every pair whose later member is in it. */
    private void schedule(Batch b) {
      for (int k = 0; k < b.size; k++) {
        int ordinal = b.ordinals[k];
        if (candidates.usesAsEarlier(ordinal) > 0) {
          held.hold(ordinal, b.shingles[k], needSignatures ? b.signatures[k] : null, b.texts[k]);
        }
        b.texts[k] = null;
      }
      int last = b.ordinals[b.size - 1];
      int[] chunk = new int[64];
      int length = 0;
      while (hasPair && pairLater <= last) {
        if (length == chunk.length) {
          chunk = java.util.Arrays.copyOf(chunk, length * 2);
        }
        chunk[length++] = pairEarlier;
        chunk[length++] = pairLater;
        advancePair();
      }
      if (length == 0) {
        return;
      }
      int[] pairsOfBatch = java.util.Arrays.copyOf(chunk, length);
      verifying.add(pool.submit(() -> verify(b, pairsOfBatch)));
    }

    private void advancePair() {
      hasPair = pairs.hasNext();
      if (hasPair) {
        pairEarlier = pairs.next();
        pairLater = pairs.next();
      }
    }

    private Void verify(Batch b, int[] pairsOfBatch) {
      List<SimilarPair> out = new ArrayList<>();
      long passed = 0;
      long near = 0;
      double floor = verifier.nearMissFloor();
      for (int k = 0; k < pairsOfBatch.length; k += 2) {
        int earlier = pairsOfBatch[k];
        int later = pairsOfBatch[k + 1];
        int index = b.indexOf(later);
        double similarity;
        if (needSets) { // the candidates passed the signature check in LshCandidates
          similarity =
              verifier.exactOfHashesDownTo(held.shingles(earlier), b.shingles[index], floor);
        } else {
          int[] signatureLater = needSignatures ? b.signatures[index] : corpus.signature(later);
          int[] signatureEarlier =
              needSignatures ? held.signature(earlier) : corpus.signature(earlier);
          similarity = verifier.check(signatureEarlier, signatureLater).similarity();
        }
        passed++;
        if (similarity >= verifier.threshold()) {
          out.add(new SimilarPair(earlier, later, similarity));
        } else if (similarity >= floor) {
          near++;
        }
        if (candidates.release(earlier) == 0) {
          held.release(earlier);
        }
      }
      found.add(out);
      verified.add(passed);
      nearMisses.add(near);
      progress.advance(pairsOfBatch.length / 2);
      return null;
    }

    @Override
    public void close() {
      held.close();
    }
  }
}
