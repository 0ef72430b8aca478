package org.neardup.batch.reference;

import java.util.Map;
import java.util.Objects;
import java.util.function.LongConsumer;
import org.neardup.sketch.SketchParams;

/** Texts in memory as a reference, by key, in the map's order. */
final class TextsReference implements StreamedReference {
  private final Map<?, String> documents;

  TextsReference(Map<?, String> documents) {
    this.documents = Objects.requireNonNull(documents, "documents");
  }

  @Override
  public String name() {
    return "<memory>";
  }

  @Override
  public SketchParams params() {
    return null;
  }

  @Override
  public boolean givesSets() {
    return true;
  }

  @Override
  public long bytes() {
    return -1;
  }

  @Override
  public void read(Sink sink, LongConsumer bytesRead) {
    documents.forEach((key, text) -> sink.text(key.toString(), text));
  }
}
