package org.neardup.batch;

import java.util.List;
import java.util.Objects;
import java.util.function.IntPredicate;
import java.util.function.LongConsumer;
import org.neardup.batch.corpus.Corpus;
import org.neardup.batch.corpus.CorpusBuilder;
import org.neardup.input.Document;
import org.neardup.input.InputProblems;

/**
 * {@link BatchInput#ofTexts}: reading again is looking the text up by its record index. Not
 * thread-safe.
 */
final class TextsInMemory implements BatchInput {
  static final String SOURCE = "<memory>";

  private final List<String> texts;

  TextsInMemory(List<String> texts) {
    this.texts = Objects.requireNonNull(texts, "texts");
  }

  @Override
  public long bytes() {
    return -1;
  }

  @Override
  public long textBytes() {
    long total = 0;
    for (String text : texts) {
      total += text == null ? 0 : text.length();
    }
    return total;
  }

  @Override
  public boolean rereadable() {
    return true;
  }

  @Override
  public boolean givesOnlyTexts() {
    return true;
  }

  @Override
  public void readInto(CorpusBuilder builder, InputProblems problems, LongConsumer bytesRead) {
    for (int position = 0; position < texts.size(); position++) {
      String text = Objects.requireNonNull(texts.get(position), "text " + position);
      builder.add(new Document(Integer.toString(position), text, SOURCE, position + 1, position));
    }
  }

  @Override
  public void reread(Corpus corpus, IntPredicate wanted, Sink sink) {
    for (int ordinal = 0; ordinal < corpus.size(); ordinal++) {
      if (wanted.test(ordinal)) {
        sink.text(ordinal, texts.get((int) corpus.recordIndex(ordinal)));
      }
    }
  }
}
