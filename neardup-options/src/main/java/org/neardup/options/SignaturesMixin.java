package org.neardup.options;

import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/** Signature files ({@code ./neardup sign}) read instead of, or besides, text inputs. */
public final class SignaturesMixin {
  @Option(
      names = "--signatures",
      paramLabel = "FILE",
      description =
          "A signature file written by 'neardup sign' (repeatable): its documents are compared as"
              + " they were sketched, without the text. Its settings (shingle, normalization,"
              + " signature) are used; other settings given on the command line are an error. A"
              + " file without shingle sets gives the signature estimate (as --estimate).")
  public List<Path> files = List.of();
}
