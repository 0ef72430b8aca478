package org.neardup.batch.corpus;

import java.util.function.IntPredicate;
import org.neardup.sketch.DocumentSketcher;

/**
 * The documents of a corpus read again, for the stages that need more of some documents than the
 * corpus keeps: verification needs the shingle sets of the candidates, which a large corpus does
 * not hold. Reading them again costs one sequential pass over the inputs and sketching the few
 * documents wanted, far less than writing every set to disk. The command line implements it over
 * its input files; a corpus built without one keeps its sets (in memory or in a temporary file).
 * Implementations need not be thread-safe: one thread calls {@link #reread} at a time.
 */
public interface SketchSource {
  /** Receives the documents read again, in ordinal order. */
  interface Sink {
    /** A document read from text: its raw text, to be sketched again. */
    void text(int ordinal, String rawText);

    /**
     * An entry of a signature file: its signature and sorted shingle set (null when the file has
     * none).
     */
    void sketch(int ordinal, int[] signature, long[] shingleSet);
  }

  /**
   * Whether every document comes back as text ({@link Sink#text}), none as a signature file's
   * entry: then verification may compare shingle keys ({@link DocumentSketcher#shingleKeys}), which
   * a given shingle set is not.
   */
  default boolean givesOnlyTexts() {
    return false;
  }

  /**
   * Reads the documents of {@code corpus} again, in ordinal order, and hands each ordinal that
   * {@code wanted} accepts to {@code sink}, on the calling thread.
   *
   * @throws RuntimeException (such as an input exception) when an input cannot be read or changed
   *     since the corpus was built
   */
  void reread(Corpus corpus, IntPredicate wanted, Sink sink);
}
