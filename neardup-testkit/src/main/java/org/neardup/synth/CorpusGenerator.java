package org.neardup.synth;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Generates corpora with planted near-duplicates of graded similarity, deterministically from a
 * seed: for the demo, the tests and the benchmarks.
 *
 * <p>Texts are sentences of pseudo-words drawn (Zipf-like) from a vocabulary built from syllables.
 * A fraction of the originals get 1 to {@code maxCopies} edited copies; each copy replaces, deletes
 * or inserts each word with probability drawn uniformly from [0, {@code maxEditRate}], so copies
 * spread over a range of similarities instead of sitting at one value. Copies are shuffled into the
 * corpus, so ids say nothing of families.
 *
 * <p>With {@link #withExcerpts}, a fraction of the originals also get a planted excerpt: a passage
 * of 10–50% of the original's words (contiguous, starting anywhere), edited like a copy at a rate
 * up to the excerpt edit rate, as a document of its own — a quotation, a trimmed syndication, a
 * plagiarised paragraph, for containment search. Without it (the default) the generator draws
 * exactly the random numbers it always drew, so its corpora are byte-identical to earlier ones.
 * Immutable.
 */
public final class CorpusGenerator {
  private static final String[] SYLLABLES = {
    "ba", "be", "bi", "bo", "ca", "ce", "co", "da", "de", "di", "do", "fa", "fe", "fi", "ga", "go",
    "la", "le", "li", "lo", "lu", "ma", "me", "mi", "mo", "na", "ne", "ni", "no", "pa", "pe", "pi",
    "po", "ra", "re", "ri", "ro", "sa", "se", "si", "so", "ta", "te", "ti", "to", "va", "ve", "vi",
    "za", "zo", "an", "en", "in", "on", "ar", "er", "or", "al", "el", "il"
  };

  private final int documents;
  private final double duplicateFraction;
  private final int maxCopies;
  private final double maxEditRate;
  private final int minWords;
  private final int maxWords;
  private final long seed;
  private final double excerptFraction;
  private final double excerptEditRate;

  /**
   * @param documents total number of documents
   * @param duplicateFraction fraction of originals that get copies, in [0, 1]
   * @param maxCopies most copies of one original, at least 1
   * @param maxEditRate highest per-word edit probability of a copy, in [0, 1]
   * @param minWords shortest original, in words
   * @param maxWords longest original, in words
   * @param seed the random seed
   */
  public CorpusGenerator(
      int documents,
      double duplicateFraction,
      int maxCopies,
      double maxEditRate,
      int minWords,
      int maxWords,
      long seed) {
    if (documents < 1) {
      throw new IllegalArgumentException("documents must be at least 1, got " + documents);
    }
    if (!(duplicateFraction >= 0 && duplicateFraction <= 1)) {
      throw new IllegalArgumentException(
          "duplicate fraction must be in [0, 1], got " + duplicateFraction);
    }
    if (maxCopies < 1) {
      throw new IllegalArgumentException("max copies must be at least 1, got " + maxCopies);
    }
    if (!(maxEditRate >= 0 && maxEditRate <= 1)) {
      throw new IllegalArgumentException("max edit rate must be in [0, 1], got " + maxEditRate);
    }
    if (minWords < 1 || maxWords < minWords) {
      throw new IllegalArgumentException(
          "word counts must satisfy 1 <= min <= max, got " + minWords + " and " + maxWords);
    }
    this.documents = documents;
    this.duplicateFraction = duplicateFraction;
    this.maxCopies = maxCopies;
    this.maxEditRate = maxEditRate;
    this.minWords = minWords;
    this.maxWords = maxWords;
    this.seed = seed;
    this.excerptFraction = 0;
    this.excerptEditRate = 0;
  }

  private CorpusGenerator(CorpusGenerator base, double excerptFraction, double excerptEditRate) {
    this.documents = base.documents;
    this.duplicateFraction = base.duplicateFraction;
    this.maxCopies = base.maxCopies;
    this.maxEditRate = base.maxEditRate;
    this.minWords = base.minWords;
    this.maxWords = base.maxWords;
    this.seed = base.seed;
    this.excerptFraction = excerptFraction;
    this.excerptEditRate = excerptEditRate;
  }

  /**
   * This generator, planting an excerpt of a fraction {@code fraction} of the originals: a passage
   * of 10–50% of the original's words, each word edited (replaced, deleted or preceded by an
   * inserted word) with a probability drawn from [0, {@code maxEditRate}].
   *
   * @throws IllegalArgumentException for a fraction or rate outside [0, 1]
   */
  public CorpusGenerator withExcerpts(double fraction, double maxEditRate) {
    if (!(fraction >= 0 && fraction <= 1)) {
      throw new IllegalArgumentException("excerpt fraction must be in [0, 1], got " + fraction);
    }
    if (!(maxEditRate >= 0 && maxEditRate <= 1)) {
      throw new IllegalArgumentException("excerpt edit rate must be in [0, 1], got " + maxEditRate);
    }
    return new CorpusGenerator(this, fraction, maxEditRate);
  }

  public GeneratedCorpus generate() {
    SplittableRandom random = new SplittableRandom(seed);
    String[] vocabulary = vocabulary(4000, random);
    List<String> texts = new ArrayList<>();
    List<List<Integer>> familyMembers = new ArrayList<>();
    List<int[]> excerptOf = new ArrayList<>(); // {excerpt, host} by generation order
    while (texts.size() < documents) {
      String[] original = sentence(vocabulary, random);
      List<Integer> family = new ArrayList<>();
      family.add(texts.size());
      texts.add(String.join(" ", original));
      if (random.nextDouble() < duplicateFraction) {
        int copies = 1 + random.nextInt(maxCopies);
        for (int c = 0; c < copies && texts.size() < documents; c++) {
          double rate = random.nextDouble() * maxEditRate;
          family.add(texts.size());
          texts.add(String.join(" ", edit(original, rate, vocabulary, random)));
        }
      }
      familyMembers.add(family);
      if (excerptFraction > 0
          && texts.size() < documents
          && random.nextDouble() < excerptFraction) {
        excerptOf.add(new int[] {texts.size(), family.get(0)});
        double rate = random.nextDouble() * excerptEditRate;
        texts.add(String.join(" ", edit(passage(original, random), rate, vocabulary, random)));
      }
    }
    // Shuffle positions, then name documents by position.
    int n = texts.size();
    int[] positionOf = new int[n];
    for (int i = 0; i < n; i++) positionOf[i] = i;
    for (int i = n - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int t = positionOf[i];
      positionOf[i] = positionOf[j];
      positionOf[j] = t;
    }
    String[] shuffledTexts = new String[n];
    List<String> ids = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      shuffledTexts[positionOf[i]] = texts.get(i);
    }
    int width = Integer.toString(n).length();
    for (int p = 0; p < n; p++) {
      ids.add(String.format("doc%0" + width + "d", p + 1));
    }
    List<int[]> families = new ArrayList<>();
    for (List<Integer> family : familyMembers) {
      if (family.size() > 1) {
        families.add(family.stream().mapToInt(i -> positionOf[i]).sorted().toArray());
      }
    }
    List<int[]> excerpts = new ArrayList<>();
    for (int[] pair : excerptOf) {
      excerpts.add(new int[] {positionOf[pair[0]], positionOf[pair[1]]});
    }
    return new GeneratedCorpus(ids, List.of(shuffledTexts), families, excerpts);
  }

  /** A contiguous run of 10–50% of the words (at least one), starting anywhere. */
  private static String[] passage(String[] original, SplittableRandom random) {
    double share = 0.1 + 0.4 * random.nextDouble();
    int length = Math.max(1, Math.min(original.length, (int) Math.round(original.length * share)));
    int start = random.nextInt(original.length - length + 1);
    return Arrays.copyOfRange(original, start, start + length);
  }

  private static String[] vocabulary(int size, SplittableRandom random) {
    String[] words = new String[size];
    for (int i = 0; i < size; i++) {
      StringBuilder word = new StringBuilder();
      int syllables = 1 + random.nextInt(3);
      for (int s = 0; s < syllables; s++) {
        word.append(SYLLABLES[random.nextInt(SYLLABLES.length)]);
      }
      words[i] = word.toString();
    }
    return words;
  }

  private String[] sentence(String[] vocabulary, SplittableRandom random) {
    int length = minWords + random.nextInt(maxWords - minWords + 1);
    String[] words = new String[length];
    for (int i = 0; i < length; i++) {
      words[i] = word(vocabulary, random);
    }
    return words;
  }

  /** A Zipf-like draw: low ranks are much more frequent. */
  private static String word(String[] vocabulary, SplittableRandom random) {
    double u = random.nextDouble();
    int rank = (int) Math.floor(Math.pow(vocabulary.length, u)) - 1;
    return vocabulary[Math.max(0, Math.min(vocabulary.length - 1, rank))];
  }

  private static List<String> edit(
      String[] original, double rate, String[] vocabulary, SplittableRandom random) {
    List<String> copy = new ArrayList<>(original.length + 4);
    for (String w : original) {
      if (random.nextDouble() >= rate) {
        copy.add(w);
        continue;
      }
      switch (random.nextInt(3)) {
        case 0 -> copy.add(word(vocabulary, random)); // replace
        case 1 -> {} // delete
        default -> { // insert before
          copy.add(word(vocabulary, random));
          copy.add(w);
        }
      }
    }
    if (copy.isEmpty()) {
      copy.add(original[0]);
    }
    return copy;
  }
}
