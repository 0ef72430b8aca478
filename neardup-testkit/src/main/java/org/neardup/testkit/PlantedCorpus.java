package org.neardup.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Paragraphs of Chinese, Japanese and Thai news-like prose (written for these tests, in {@code
 * lang/*.txt}), each with near-duplicates planted: copies with one edit of 2-4 characters
 * (replaced, inserted or deleted; inserted characters are taken from the same paragraph, so of its
 * script). Deterministic for a language and a number of copies.
 *
 * @param documents id and text of every document: paragraph {@code p} is {@code <lang>-p<p>}, its
 *     copies {@code <lang>-p<p>-e<i>}
 * @param planted the planted pairs, each the paragraph and one of its copies (ids in ascending
 *     order)
 */
public record PlantedCorpus(List<String[]> documents, List<String[]> planted) {
  /** The languages with paragraphs: {@code zh}, {@code ja}, {@code th}. */
  public static final List<String> LANGUAGES = List.of("zh", "ja", "th");

  /** The paragraphs of {@code language}, one a line. */
  public static List<String> paragraphs(String language) {
    try (InputStream in = PlantedCorpus.class.getResourceAsStream("lang/" + language + ".txt")) {
      if (in == null) {
        throw new IllegalArgumentException(
            "no paragraphs for language '" + language + "' (have " + LANGUAGES + ")");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8)
          .lines()
          .filter(line -> !line.isBlank())
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The paragraphs of {@code language}, each with {@code copies} edited copies. */
  public static PlantedCorpus of(String language, int copies) {
    SplittableRandom random = new SplittableRandom(0x5eed_1a46L ^ language.hashCode());
    List<String[]> documents = new ArrayList<>();
    List<String[]> planted = new ArrayList<>();
    List<String> paragraphs = paragraphs(language);
    for (int p = 0; p < paragraphs.size(); p++) {
      String original = paragraphs.get(p);
      String id = language + "-p" + p;
      documents.add(new String[] {id, original});
      for (int i = 0; i < copies; i++) {
        String copyId = id + "-e" + i;
        documents.add(new String[] {copyId, edit(original, random)});
        planted.add(new String[] {id, copyId});
      }
    }
    return new PlantedCorpus(List.copyOf(documents), List.copyOf(planted));
  }

  /** {@code text} with one edit of 2-4 code points at a random place. */
  static String edit(String text, SplittableRandom random) {
    int[] points = text.codePoints().toArray();
    int length = 2 + random.nextInt(3);
    int at = random.nextInt(points.length - length);
    StringBuilder sb = new StringBuilder();
    int kind = random.nextInt(3); // 0 replace, 1 insert, 2 delete
    for (int i = 0; i < at; i++) {
      sb.appendCodePoint(points[i]);
    }
    if (kind != 2) {
      for (int i = 0; i < length; i++) {
        sb.appendCodePoint(points[random.nextInt(points.length)]);
      }
    }
    for (int i = kind == 1 ? at : at + length; i < points.length; i++) {
      sb.appendCodePoint(points[i]);
    }
    return sb.toString();
  }

  /** The documents as {@code id<TAB>text} lines. */
  public String tsv() {
    StringBuilder sb = new StringBuilder();
    for (String[] document : documents) {
      sb.append(document[0]).append('\t').append(document[1]).append('\n');
    }
    return sb.toString();
  }
}
