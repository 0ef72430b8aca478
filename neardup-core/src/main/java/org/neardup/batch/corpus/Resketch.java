package org.neardup.batch.corpus;

import java.util.ArrayDeque;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntPredicate;
import org.neardup.api.Internal;
import org.neardup.config.MemoryBudget;
import org.neardup.config.PipelineConfig;
import org.neardup.internal.concurrent.ParallelRange;
import org.neardup.internal.concurrent.Workers;
import org.neardup.sketch.DocumentSketcher;

/**
 * Sketches documents of a corpus again from a {@link SketchSource}: reads them on the calling
 * thread, makes their shingle sets in parallel batches, and hands the sets over in ordinal order,
 * on the calling thread. At most a few batches are in flight, each of at most 256 documents and the
 * chars {@link MemoryBudget#batchChars} allows. Stateless.
 */
@Internal
public final class Resketch {
  private static final int BATCH = 256;

  private Resketch() {}

  /** Receives a document's set, in ordinal order. */
  @FunctionalInterface
  public interface Consumer {
    void accept(int ordinal, long[] set);
  }

  /**
   * Hands the set of every ordinal {@code wanted} accepts to {@code consumer}, read again through
   * the corpus's {@link Corpus#sketchSource()}.
   *
   * @throws IllegalStateException when the corpus cannot read its documents again
   */
  public static void sets(Corpus corpus, IntPredicate wanted, Consumer consumer) {
    SketchSource source = corpus.requireSketchSource();
    PipelineConfig config = corpus.config();
    DocumentSketcher sketcher = DocumentSketcher.create(config.sketch());
    int threads = config.threads();
    ExecutorService pool =
        Executors.newFixedThreadPool(threads, Workers.daemonFactory("neardup-sketch"));
    ArrayDeque<Future<Batch>> pending = new ArrayDeque<>();
    long batchChars =
        corpus.budget().batchChars(3 * threads + 2); // long documents: smaller batches
    try {
      Batch[] current = {new Batch()};
      source.reread(
          corpus,
          wanted,
          new SketchSource.Sink() {
            @Override
            public void text(int ordinal, String rawText) {
              add(ordinal, rawText, null);
            }

            @Override
            public void sketch(int ordinal, int[] signature, long[] shingleSet) {
              add(ordinal, null, shingleSet);
            }

            private void add(int ordinal, String text, long[] set) {
              Batch batch = current[0];
              batch.ordinals[batch.size] = ordinal;
              batch.texts[batch.size] = text;
              batch.sets[batch.size] = set;
              batch.chars += text == null ? 0 : text.length();
              if (++batch.size == BATCH || batch.chars >= batchChars) {
                pending.add(pool.submit(() -> batch.sketch(sketcher)));
                current[0] = new Batch();
                while (pending.size() > 3 * threads) {
                  ParallelRange.get(pending.poll()).deliver(consumer);
                }
              }
            }
          });
      Batch last = current[0];
      if (last.size > 0) {
        pending.add(pool.submit(() -> last.sketch(sketcher)));
      }
      while (!pending.isEmpty()) {
        ParallelRange.get(pending.poll()).deliver(consumer);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  private static final class Batch {
    final int[] ordinals = new int[BATCH];
    final String[] texts = new String[BATCH];
    final long[][] sets = new long[BATCH][];
    int size;
    long chars;

    Batch sketch(DocumentSketcher sketcher) {
      for (int k = 0; k < size; k++) {
        if (texts[k] != null) {
          sets[k] = sketcher.shingleSet(texts[k]);
          texts[k] = null;
        }
      }
      return this;
    }

    void deliver(Consumer consumer) {
      for (int k = 0; k < size; k++) {
        consumer.accept(ordinals[k], sets[k]);
      }
    }
  }
}
