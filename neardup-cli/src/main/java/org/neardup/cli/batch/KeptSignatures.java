package org.neardup.cli.batch;

import java.io.IOException;
import java.util.function.IntPredicate;
import org.neardup.batch.corpus.Corpus;
import org.neardup.format.SignatureFile;
import org.neardup.options.OutputTarget;
import org.neardup.sketch.DocumentSketcher;

/**
 * {@code dedup --signatures-out}: the kept documents' signatures (and shingle sets, unless the run
 * estimates), as {@code neardup sign} writes them, for the next run's {@code --against}. Stateless.
 */
final class KeptSignatures {
  private KeptSignatures() {}

  /**
   * Writes the documents of {@code corpus} that {@code kept} accepts, in input order, to {@code
   * target} (committed by the caller with the other outputs). The corpus keeps its shingle sets (in
   * exact verification); a full signature it did not keep is made again from the set.
   */
  static void write(Corpus corpus, IntPredicate kept, OutputTarget target) throws IOException {
    boolean withSets = corpus.config().verifier().needsSets();
    DocumentSketcher sketcher = DocumentSketcher.create(corpus.config().sketch());
    SignatureFile.Writer writer =
        SignatureFile.write(target.stream(), corpus.config().sketch(), withSets);
    for (int i = 0; i < corpus.size(); i++) {
      if (!kept.test(i)) {
        continue;
      }
      long[] set = withSets ? corpus.shingles(i) : null;
      int[] signature = corpus.keepsFullSignatures() ? corpus.signature(i) : sketcher.sign(set);
      writer.add(new SignatureFile.Entry(corpus.id(i), corpus.textLength(i), signature, set));
    }
    writer.flush();
  }
}
