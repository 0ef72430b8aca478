package org.neardup.batch;

import java.util.function.LongConsumer;
import org.neardup.batch.corpus.CorpusBuilder;
import org.neardup.batch.corpus.SketchSource;
import org.neardup.input.InputProblems;

/**
 * The documents of a batch run ({@link BatchRun}): read once in full into a corpus, and read again
 * for the documents a later stage needs more of than the corpus keeps ({@link SketchSource}).
 * {@code neardup-io} implements it over files; {@link #ofTexts} over texts in memory.
 * Implementations need not be thread-safe: one thread reads at a time.
 */
public interface BatchInput extends SketchSource {
  /** The bytes reading goes through, for progress; -1 when unknown. */
  long bytes();

  /**
   * Roughly how many bytes the documents hold as text, for deciding before reading whether their
   * shingle sets fit the memory budget; -1 when unknown.
   */
  long textBytes();

  /** Whether the documents can be read again (false for a pipe); {@link #reread} only then. */
  boolean rereadable();

  /**
   * Adds every document to {@code builder}, in order, telling {@code bytesRead} how many bytes it
   * reads; bad records go to {@code problems}.
   */
  void readInto(CorpusBuilder builder, InputProblems problems, LongConsumer bytesRead);

  /**
   * Texts in memory, their positions in the list as ids, source {@code <memory>} and record index
   * the position. The list must not change while a run uses it.
   */
  static BatchInput ofTexts(java.util.List<String> texts) {
    return new TextsInMemory(texts);
  }
}
