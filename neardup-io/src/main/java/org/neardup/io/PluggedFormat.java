package org.neardup.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ServiceLoader;
import java.util.function.LongFunction;
import java.util.function.LongPredicate;
import org.neardup.input.InputException;
import org.neardup.input.InputProblems;

/**
 * A format whose reader and writer live in a jar of their own ({@code jar}), kept out of the CLI
 * jar for its size: the implementation is the {@link InputFormat} of the same name that {@link
 * ServiceLoader} finds on the class path ({@code META-INF/services/org.neardup.io.InputFormat}).
 * The name, the file names claimed and the traits are known here, so that a file of this format is
 * recognized without the jar; reading or writing it then fails with an {@link InputException} that
 * names the jar. Thread-safe: the implementation is looked up once.
 */
final class PluggedFormat implements InputFormat {
  private final String name;
  private final String extension;
  private final String jar;
  private volatile InputFormat implementation;

  /**
   * @param extension the file name ending claimed, e.g. {@code .parquet}
   * @param jar the jar's file name, e.g. {@code neardup-parquet.jar}
   */
  PluggedFormat(String name, String extension, String jar) {
    this.name = name;
    this.extension = extension;
    this.jar = jar;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public boolean claims(String fileName) {
    return fileName.endsWith(extension);
  }

  @Override
  public boolean usesFields() {
    return true;
  }

  @Override
  public boolean readsStreams() {
    return false;
  }

  /** Whether the implementation is on the class path. */
  boolean isAvailable() {
    return find() != null;
  }

  @Override
  public DocumentReader open(Path path, InputOptions options, InputProblems problems) {
    return implementation(path.toString()).open(path, options, problems);
  }

  @Override
  public long copyExcept(
      Path input, InputOptions options, LongPredicate drop, OutputStream out, boolean first)
      throws IOException {
    return implementation(input.toString()).copyExcept(input, options, drop, out, first);
  }

  @Override
  public long copyAnnotated(
      Path input,
      InputOptions options,
      LongPredicate drop,
      LongFunction<Annotation> annotation,
      OutputStream out,
      boolean first)
      throws IOException {
    return implementation(input.toString())
        .copyAnnotated(input, options, drop, annotation, out, first);
  }

  private InputFormat implementation(String source) {
    InputFormat found = find();
    if (found == null) {
      throw new InputException(
          source,
          0,
          null,
          name
              + " is read and written by "
              + jar
              + ", which is not on the class path: bin/neardup of the release finds it in lib/"
              + " beside neardup.jar, ./neardup of the sources builds it; with java -jar, put "
              + jar
              + " in the directory of neardup.jar");
    }
    return found;
  }

  private InputFormat find() {
    InputFormat found = implementation;
    if (found == null) {
      for (InputFormat candidate :
          ServiceLoader.load(InputFormat.class, PluggedFormat.class.getClassLoader())) {
        if (candidate.name().equals(name) && !(candidate instanceof PluggedFormat)) {
          found = candidate;
          implementation = found;
          break;
        }
      }
    }
    return found;
  }

  @Override
  public String toString() {
    return name;
  }
}
