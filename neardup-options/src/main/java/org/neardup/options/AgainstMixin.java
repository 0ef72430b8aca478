package org.neardup.options;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code --against REF}: documents already kept, that the inputs are deduplicated against (a
 * reference is kept by definition and never written). Shared by {@code pairs}, {@code clusters} and
 * {@code dedup}, and the Spark job's.
 */
public final class AgainstMixin {
  @Option(
      names = "--against",
      paramLabel = "REF",
      description =
          "Documents already kept, to deduplicate the inputs against (repeatable): a text input in"
              + " any format the inputs may have (read with the same options), a signature file of"
              + " 'neardup sign' (not sketched again), or an index directory of 'index build' or"
              + " 'serve' (searched, not read: a live one too). Their documents are never written"
              + " and never removed; an input document is removed when it has a near-duplicate"
              + " among them, or among the input documents kept before it; pairs among them are"
              + " not looked for.")
  public List<Path> references = new ArrayList<>();

  /** Whether any reference was given. */
  public boolean any() {
    return !references.isEmpty();
  }
}
