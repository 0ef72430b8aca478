package org.neardup.io;

import java.util.Locale;
import java.util.function.LongPredicate;
import org.neardup.input.Document;

/**
 * A reader whose documents' texts are HTML, replaced by the text {@link HtmlText} extracts: every
 * text for {@link HtmlMode#VISIBLE} and {@link HtmlMode#MAIN}; for {@link HtmlMode#AUTO}, the texts
 * of documents whose id (a directory input's relative path) ends in {@code .html} or {@code .htm}.
 * Not thread-safe.
 */
final class HtmlDocumentReader implements DocumentReader {
  private final DocumentReader reader;
  private final HtmlMode mode;

  private HtmlDocumentReader(DocumentReader reader, HtmlMode mode) {
    this.reader = reader;
    this.mode = mode;
  }

  /** {@code reader} with HTML texts extracted as {@code options} say, or {@code reader} itself. */
  static DocumentReader wrap(DocumentReader reader, InputOptions options) {
    HtmlMode mode = options.html();
    boolean whole =
        mode == HtmlMode.AUTO
            ? options.format().readsDirectories()
            : mode != HtmlMode.OFF && options.htmlFields().isEmpty();
    return whole ? new HtmlDocumentReader(reader, mode) : reader;
  }

  /** Whether {@code fileName} names an HTML file. */
  static boolean isHtmlFile(String fileName) {
    String name = fileName.toLowerCase(Locale.ROOT);
    return name.endsWith(".html") || name.endsWith(".htm");
  }

  @Override
  public Document next() {
    return extracted(reader.next());
  }

  @Override
  public Document next(LongPredicate wanted) {
    return extracted(reader.next(wanted));
  }

  private Document extracted(Document document) {
    if (document == null || (mode == HtmlMode.AUTO && !isHtmlFile(document.id()))) {
      return document;
    }
    HtmlMode how = mode == HtmlMode.AUTO ? HtmlMode.VISIBLE : mode;
    return new Document(
        document.id(),
        HtmlText.extract(document.text(), how),
        document.source(),
        document.line(),
        document.recordIndex());
  }

  @Override
  public void close() {
    reader.close();
  }
}
