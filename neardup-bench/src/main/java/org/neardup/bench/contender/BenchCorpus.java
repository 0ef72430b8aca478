package org.neardup.bench.contender;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.neardup.input.Document;
import org.neardup.input.InputProblems;
import org.neardup.input.OnError;
import org.neardup.io.DocumentReader;
import org.neardup.io.DocumentReaders;
import org.neardup.io.InputFormat;
import org.neardup.io.InputOptions;
import org.neardup.shingle.ShingleConfig;
import org.neardup.shingle.Shingler;
import org.neardup.text.Normalizer;
import org.neardup.text.NormalizerConfig;

/**
 * A TSV corpus as the peer contenders see it: ids in file order, and each document's sorted
 * distinct shingle hashes, made by neardup's own normalizer (defaults: NFKC, lower-case, whitespace
 * collapsed) and {@link Shingler}. Every contender thus works on the very same sets, and one exact
 * answer holds for all.
 */
public final class BenchCorpus {
  private final String[] ids;
  private final long[][] shingles;

  private BenchCorpus(String[] ids, long[][] shingles) {
    this.ids = ids;
    this.shingles = shingles;
  }

  /** Reads, normalizes and shingles {@code path} (shingling in parallel). */
  public static BenchCorpus read(Path path, ShingleConfig shingle) {
    List<String> ids = new ArrayList<>();
    List<String> texts = new ArrayList<>();
    InputProblems problems = new InputProblems(OnError.FAIL);
    try (DocumentReader reader =
        DocumentReaders.open(path, InputOptions.of(InputFormat.TSV), problems)) {
      for (Document d; (d = reader.next()) != null; ) {
        ids.add(d.id());
        texts.add(d.text());
      }
    }
    Normalizer normalizer = new Normalizer(NormalizerConfig.DEFAULT);
    Shingler shingler = new Shingler(shingle);
    long[][] sets = new long[texts.size()][];
    IntStream.range(0, sets.length)
        .parallel()
        .forEach(i -> sets[i] = shingler.shingle(normalizer.normalize(texts.get(i))));
    return new BenchCorpus(ids.toArray(String[]::new), sets);
  }

  public int size() {
    return ids.length;
  }

  /** Ids by ordinal (shared, do not modify). */
  public String[] ids() {
    return ids;
  }

  /**
   * The corpus's dictionary: every distinct shingle hash, sorted, so that a shingle's index is its
   * binary-search position (for the peers that want sets of small integers).
   */
  public long[] dictionary() {
    return Arrays.stream(shingles).flatMapToLong(Arrays::stream).sorted().distinct().toArray();
  }

  /** The sorted distinct shingle hashes of document {@code ordinal}. */
  public long[] shingles(int ordinal) {
    return shingles[ordinal];
  }
}
