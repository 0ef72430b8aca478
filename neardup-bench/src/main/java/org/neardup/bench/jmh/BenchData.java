package org.neardup.bench.jmh;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.neardup.input.Document;
import org.neardup.input.InputProblems;
import org.neardup.input.OnError;
import org.neardup.io.DocumentReader;
import org.neardup.io.DocumentReaders;
import org.neardup.io.InputFormat;
import org.neardup.io.InputOptions;
import org.neardup.synth.CorpusGenerator;
import org.neardup.synth.GeneratedCorpus;

/** Deterministic inputs for the kernel benchmarks. */
public final class BenchData {
  /**
   * Real or generated documents for the kernels that take a document's shingles: {@code KIJIJI},
   * the first Rome rent listings (Title + Short Description) of {@code ../shared/data/kijiji} (or
   * of the directory in {@code -Dneardup.data}), hundreds of shingles each; {@code GENERATED_1KB},
   * generated documents of 140–260 words, about 1,000 shingles each, as in the one-million-document
   * run.
   */
  public enum Documents {
    KIJIJI,
    GENERATED_1KB;

    /** The first {@code count} texts. */
    List<String> texts(int count) {
      return this == KIJIJI ? kijiji(count) : generated1kb(count);
    }
  }

  private static final long SEED = 0x5eed_2026L;

  private BenchData() {}

  /**
   * Generated text (lower-case pseudo-words, as the corpus generator writes) of exactly {@code
   * length} chars.
   */
  static String text(int length) {
    StringBuilder sb = new StringBuilder(length + 1000);
    GeneratedCorpus corpus = corpus(Math.max(10, length / 200));
    for (int i = 0; sb.length() < length; i = (i + 1) % corpus.size()) {
      if (sb.length() > 0) sb.append(' ');
      sb.append(corpus.texts().get(i));
    }
    return sb.substring(0, length);
  }

  /** A corpus of the generator's defaults (15-120 words, 30% of originals copied). */
  static GeneratedCorpus corpus(int documents) {
    return new CorpusGenerator(documents, 0.3, 3, 0.25, 15, 120, SEED).generate();
  }

  /** A sorted set of {@code size} distinct random 64-bit hashes. */
  static long[] set(int size, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    long[] values = random.longs(size * 2L).distinct().limit(size).toArray();
    Arrays.sort(values);
    return values;
  }

  /**
   * {@code set} with about {@code fraction} of its elements replaced by new random ones, sorted:
   * Jaccard similarity about (1 - f) / (1 + f).
   */
  static long[] perturbed(long[] set, double fraction, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    long[] copy = set.clone();
    for (int i = 0; i < copy.length; i++) {
      if (random.nextDouble() < fraction) {
        copy[i] = random.nextLong();
      }
    }
    return Arrays.stream(copy).distinct().sorted().toArray();
  }

  /**
   * The first {@code count} Rome rent listings (Title + Short Description) of {@code
   * ../shared/data/kijiji/dataset_rent_rome_kijiji.tsv}, or of the directory in {@code
   * -Dneardup.data}: Italian, hundreds of shingles each.
   */
  static List<String> kijiji(int count) {
    InputOptions options =
        new InputOptions(InputFormat.CSV, '\t', null, List.of("Title", "Short Description"));
    return read(sharedFile("kijiji/dataset_rent_rome_kijiji.tsv"), options, count);
  }

  /**
   * The first {@code count} news articles of {@code ../shared/data/articles/articles_2500.train}:
   * English, about 1.6 KB each.
   */
  static List<String> articles(int count) {
    return read(
        sharedFile("articles/articles_2500.train"), InputOptions.of(InputFormat.LINES), count);
  }

  /**
   * {@code count} generated documents of 140–260 words, about 1 KB, as in the one-million-document
   * run.
   */
  static List<String> generated1kb(int count) {
    return new CorpusGenerator(count, 0.3, 3, 0.25, 140, 260, SEED).generate().texts();
  }

  private static Path sharedFile(String name) {
    Path file = Path.of(System.getProperty("neardup.data", "../shared/data"), name);
    if (!Files.isRegularFile(file)) {
      throw new IllegalStateException(
          "shared data absent: "
              + file.toAbsolutePath().normalize()
              + " (run from the repository root, or set -Dneardup.data=DIR)");
    }
    return file;
  }

  private static List<String> read(Path file, InputOptions options, int count) {
    List<String> texts = new ArrayList<>();
    try (DocumentReader reader =
        DocumentReaders.open(file, options, new InputProblems(OnError.FAIL))) {
      for (Document d; texts.size() < count && (d = reader.next()) != null; ) {
        texts.add(d.text());
      }
    }
    return texts;
  }
}
