package org.neardup.server.store;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import org.neardup.format.SignatureFile;
import org.neardup.verify.VerifyMode;

/**
 * An index's documents as a signature file ({@link SignatureFile}): what {@code neardup index
 * export} writes, and what the Spark job reads an index given as {@code --against} into. Each
 * document as {@link IndexDirectory#forEachDocument} gives it, in the order they were added, with
 * its shingle set when the index verifies exactly (an index estimating similarities keeps none):
 * the file gives every run against it the pairs the index gives. Stateless.
 */
public final class IndexSignatures {
  private IndexSignatures() {}

  /**
   * Writes every document of {@code index} to {@code out} as a signature file of the index's sketch
   * settings, and flushes it (the caller closes it). Returns how many documents.
   *
   * @throws IOException when {@code out} cannot be written
   * @throws IllegalStateException naming a document an exact index holds without its shingle set
   */
  public static long write(IndexDirectory index, OutputStream out) throws IOException {
    boolean withSets = index.settings().verify() == VerifyMode.EXACT;
    SignatureFile.Writer writer = SignatureFile.write(out, index.settings().sketch(), withSets);
    long documents;
    try {
      documents =
          index.forEachDocument(
              (key, signature, shingleSet, text) -> {
                if (withSets && shingleSet == null) {
                  throw new IllegalStateException(
                      index.directory()
                          + ": the index verifies exactly but holds no shingle set for '"
                          + key
                          + "' (neardup index check)");
                }
                try {
                  writer.add(
                      new SignatureFile.Entry(
                          key, text == null ? 0 : text.length(), signature, shingleSet));
                } catch (IOException e) {
                  throw new UncheckedIOException(e);
                }
              });
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    writer.flush();
    return documents;
  }
}
