package org.neardup.batch.reference;

import java.util.List;
import org.neardup.config.PipelineConfig;
import org.neardup.index.Match;
import org.neardup.sketch.Sketch;

/**
 * A reference that is searched rather than read: an index, asked for the matches of each of the
 * run's documents, so that a run costs its own documents' lookups whatever the reference's size.
 * Implementations must be thread-safe: documents are looked up on several threads.
 */
public interface LookupReference extends Reference {
  /**
   * The settings its documents were sketched and bucketed with, and its matches verified with: a
   * run against it must have the same sketch params, threshold, banding and verification.
   */
  PipelineConfig config();

  /** How many documents it holds. */
  long size();

  /**
   * Its documents at the threshold or above of {@code sketch} (made with {@link #config()}'s
   * params, with its shingle set in exact verification), each with its id and similarity.
   */
  List<Match<String>> matches(Sketch sketch);

  /** This reference, which also runs {@code onClose} when closed (to close what it searches). */
  default LookupReference closing(Runnable onClose) {
    LookupReference self = this;
    return new LookupReference() {
      @Override
      public String name() {
        return self.name();
      }

      @Override
      public PipelineConfig config() {
        return self.config();
      }

      @Override
      public long size() {
        return self.size();
      }

      @Override
      public List<Match<String>> matches(Sketch sketch) {
        return self.matches(sketch);
      }

      @Override
      public void close() {
        try {
          self.close();
        } finally {
          onClose.run();
        }
      }
    };
  }
}
