package org.neardup.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Objects;
import java.util.function.LongFunction;
import java.util.function.LongPredicate;
import org.neardup.input.InputProblems;

/**
 * {@link InputFormat#DIR}: one document a file under a directory ({@link DirectoryDocumentReader},
 * listed by {@link DirectoryListing}); copied file by file into a new directory.
 */
public final class DirectoryFormat implements InputFormat {
  /**
   * The list of annotations {@link #copyAnnotated} writes in the output directory (hidden: not a
   * document).
   */
  public static final String ANNOTATIONS = ".neardup-annotations.tsv";

  DirectoryFormat() {}

  @Override
  public String name() {
    return "dir";
  }

  @Override
  public boolean readsDirectories() {
    return true;
  }

  @Override
  public boolean claims(String fileName) {
    return false; // detect picks it for directories
  }

  @Override
  public DocumentReader open(Path path, InputOptions options, InputProblems problems) {
    return new DirectoryDocumentReader(path, problems);
  }

  /**
   * Always throws: a directory is copied into a directory, with {@link #copyExcept(Path,
   * LongPredicate, Path)}.
   */
  @Override
  public long copyExcept(
      Path input, InputOptions options, LongPredicate drop, OutputStream out, boolean first) {
    throw new UnsupportedOperationException(
        "a directory input is copied with DirectoryFormat.copyExcept(Path, LongPredicate, Path)");
  }

  /**
   * Always throws: a directory is copied into a directory, with {@link #copyAnnotated(Path,
   * LongPredicate, LongFunction, Path)}.
   */
  @Override
  public long copyAnnotated(
      Path input,
      InputOptions options,
      LongPredicate drop,
      LongFunction<Annotation> annotation,
      OutputStream out,
      boolean first) {
    throw new UnsupportedOperationException(
        "a directory input is copied with DirectoryFormat.copyAnnotated(Path, LongPredicate,"
            + " LongFunction, Path)");
  }

  /**
   * Copies the files of the directory {@code inputDir} whose record index (position in the sorted
   * listing) does not satisfy {@code dropRecordIndex} to the same relative paths under {@code
   * outputDir}, creating directories below it as needed and replacing existing files. The input is
   * listed before anything is copied. {@code outputDir} is created when missing, but not its
   * parent: if the parent disappears (deleted by a cleanup when the process is stopped), the copy
   * fails instead of creating it again, and likewise for directories that disappear while copying.
   *
   * @return the number of files copied
   * @throws org.neardup.input.InputException when {@code inputDir} is missing, not a directory or
   *     cannot be listed
   * @throws IOException when a file cannot be copied
   */
  public long copyExcept(Path inputDir, LongPredicate dropRecordIndex, Path outputDir)
      throws IOException {
    Objects.requireNonNull(dropRecordIndex, "dropRecordIndex");
    Objects.requireNonNull(outputDir, "outputDir");
    InputErrors.checkPath(inputDir, this);
    return copy(inputDir, DirectoryListing.list(inputDir), dropRecordIndex, outputDir);
  }

  private static long copy(
      Path inputDir, List<String> files, LongPredicate dropRecordIndex, Path outputDir)
      throws IOException {
    if (!Files.isDirectory(outputDir)) {
      Files.createDirectory(outputDir); // not createDirectories: the parent must exist
    }
    long copied = 0;
    for (int i = 0; i < files.size(); i++) {
      if (dropRecordIndex.test(i)) {
        continue;
      }
      String relative = files.get(i);
      Path target = DirectoryListing.resolve(outputDir, relative);
      createDirectoriesBelow(outputDir, relative);
      Files.copy(
          DirectoryListing.resolve(inputDir, relative),
          target,
          StandardCopyOption.REPLACE_EXISTING);
      copied++;
    }
    return copied;
  }

  /**
   * {@link #copyExcept(Path, LongPredicate, Path)}, and beside the files copied the list {@value
   * #ANNOTATIONS}: a header line {@code id<TAB>duplicate_of<TAB>similarity<TAB>cluster_size}, then
   * one line per file copied, in listing order: its relative path, then its {@link Annotation}
   * (empty for a kept file). The list is hidden, so reading the output directory again reads the
   * same documents.
   *
   * @return the number of files copied
   */
  public long copyAnnotated(
      Path inputDir,
      LongPredicate dropRecordIndex,
      LongFunction<Annotation> annotation,
      Path outputDir)
      throws IOException {
    Objects.requireNonNull(dropRecordIndex, "dropRecordIndex");
    Objects.requireNonNull(annotation, "annotation");
    Objects.requireNonNull(outputDir, "outputDir");
    InputErrors.checkPath(inputDir, this);
    List<String> files = DirectoryListing.list(inputDir);
    long copied = copy(inputDir, files, dropRecordIndex, outputDir);
    StringBuilder list = new StringBuilder("id\t" + String.join("\t", Annotation.NAMES) + "\n");
    for (int i = 0; i < files.size(); i++) {
      if (!dropRecordIndex.test(i)) {
        Annotation a = annotation.apply(i);
        list.append(files.get(i)).append(a.tabFields()).append('\n');
      }
    }
    Files.writeString(outputDir.resolve(ANNOTATIONS), list, StandardCharsets.UTF_8);
    return copied;
  }

  /**
   * Creates the parent directories of {@code relative} under {@code root}, but never {@code root}.
   */
  private static void createDirectoriesBelow(Path root, String relative) throws IOException {
    String[] parts = relative.split("/", -1);
    Path directory = root;
    for (int i = 0; i < parts.length - 1; i++) {
      directory = directory.resolve(parts[i]);
      if (!Files.isDirectory(directory)) {
        try {
          Files.createDirectory(directory); // fails when root is gone
        } catch (FileAlreadyExistsException e) {
          if (!Files.isDirectory(directory)) {
            throw e;
          }
        }
      }
    }
  }

  @Override
  public String toString() {
    return name();
  }
}
