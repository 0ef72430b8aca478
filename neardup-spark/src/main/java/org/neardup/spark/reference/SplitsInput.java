package org.neardup.spark.reference;

import java.util.List;
import java.util.function.IntPredicate;
import java.util.function.LongConsumer;
import org.neardup.batch.BatchInput;
import org.neardup.batch.corpus.Corpus;
import org.neardup.batch.corpus.CorpusBuilder;
import org.neardup.input.InputProblems;
import org.neardup.sketch.DocumentSketcher;
import org.neardup.sketch.SketchParams;
import org.neardup.spark.corpus.SignedSplit;

/**
 * The documents of some signed splits as the engine's batch input, each named by its position among
 * them: their signatures only (read in estimate mode), and the shingle set of the text at a
 * position made again when asked for ({@link #shingleSet}). Read once. Not thread-safe.
 */
final class SplitsInput implements BatchInput {
  private static final String SOURCE = "<split>";

  private final List<SignedSplit> splits;
  private final DocumentSketcher sketcher;
  private final int[] splitAt;
  private final int[] indexAt;

  /** The documents of {@code splits}, signed with {@code params}. */
  SplitsInput(List<SignedSplit> splits, SketchParams params) {
    this.splits = splits;
    this.sketcher = DocumentSketcher.create(params);
    int size = splits.stream().mapToInt(SignedSplit::size).sum();
    this.splitAt = new int[size];
    this.indexAt = new int[size];
    int position = 0;
    for (int s = 0; s < splits.size(); s++) {
      for (int i = 0; i < splits.get(s).size(); i++, position++) {
        splitAt[position] = s;
        indexAt[position] = i;
      }
    }
  }

  /**
   * The shingle set of the document at {@code position}, made again from its text (the splits must
   * keep their texts, as they do in exact verification): what signing it gave with its signature.
   * Thread-safe.
   */
  long[] shingleSet(int position) {
    return sketcher.shingleSet(splits.get(splitAt[position]).text(indexAt[position]));
  }

  @Override
  public long bytes() {
    return -1;
  }

  @Override
  public long textBytes() {
    long total = 0;
    for (SignedSplit split : splits) {
      for (int i = 0; i < split.size(); i++) {
        total += split.textLength(i);
      }
    }
    return total;
  }

  @Override
  public boolean rereadable() {
    return false;
  }

  @Override
  public void readInto(CorpusBuilder builder, InputProblems problems, LongConsumer bytesRead) {
    int position = 0;
    for (SignedSplit split : splits) {
      for (int i = 0; i < split.size(); i++, position++) {
        String id = Integer.toString(position);
        builder.add(
            id, split.signature(i), null, split.textLength(i), SOURCE, position + 1, position);
      }
    }
  }

  @Override
  public void reread(Corpus corpus, IntPredicate wanted, Sink sink) {
    throw new UnsupportedOperationException("the splits are read once");
  }
}
