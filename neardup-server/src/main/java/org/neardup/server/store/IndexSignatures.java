package org.neardup.server.store;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.neardup.format.SignatureFile;
import org.neardup.verify.VerifyMode;

/**
 * An index's documents as a signature file ({@link SignatureFile}): what {@code neardup index
 * export} writes, and what the Spark job reads an index given as {@code --against} into (in parts,
 * which its tasks share). Each document as {@link IndexDirectory#forEachDocument} gives it, in the
 * order they were added, with its shingle set when the index verifies exactly (an index estimating
 * similarities keeps none): the file gives every run against it the pairs the index gives.
 * Stateless.
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
    return write(index, List.of(out));
  }

  /**
   * Writes every document of {@code index} as signature files, one to each of {@code parts} (each
   * with its header), the documents in order cut into runs of about equal counts, and flushes them
   * (the caller closes them). Returns how many documents.
   *
   * @throws IOException when a part cannot be written
   * @throws IllegalStateException naming a document an exact index holds without its shingle set
   */
  public static long write(IndexDirectory index, List<OutputStream> parts) throws IOException {
    boolean withSets = index.settings().verify() == VerifyMode.EXACT;
    List<SignatureFile.Writer> writers = new ArrayList<>();
    for (OutputStream part : parts) {
      writers.add(SignatureFile.write(part, index.settings().sketch(), withSets));
    }
    long expected = Math.max(1, index.index().size());
    long[] written = {0};
    try {
      index.forEachDocument(
          (key, signature, shingleSet, text) -> {
            if (withSets && shingleSet == null) {
              throw new IllegalStateException(
                  index.directory()
                      + ": the index verifies exactly but holds no shingle set for '"
                      + key
                      + "' (neardup index check)");
            }
            int part = (int) Math.min(writers.size() - 1, written[0] * writers.size() / expected);
            try {
              writers
                  .get(part)
                  .add(
                      new SignatureFile.Entry(
                          key, text == null ? 0 : text.length(), signature, shingleSet));
            } catch (IOException e) {
              throw new UncheckedIOException(e);
            }
            written[0]++;
          });
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    for (SignatureFile.Writer writer : writers) {
      writer.flush();
    }
    return written[0];
  }
}
