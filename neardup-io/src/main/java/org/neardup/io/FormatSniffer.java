package org.neardup.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.neardup.input.InputException;

/**
 * Looks at the first lines of a file that no name claims, to tell what {@link InputFormat#detect}
 * would otherwise read as TSV: a file whose first record has a space but no tab is {@link
 * InputFormat#LINES}; a table of several tab-separated columns whose first line looks like a header
 * is refused with the options that read it; a file that starts with {@code PAR1} is {@link
 * InputFormat#PARQUET}. A {@code *.json} file is JSON Lines unless it starts with {@code [}: then
 * it is {@link InputFormat#JSON}, one JSON array. Stateless.
 */
final class FormatSniffer {
  /** Bytes looked at. */
  private static final int PEEK = 1 << 16;

  /** Longest field of a header line. */
  private static final int LONGEST_NAME = 64;

  private FormatSniffer() {}

  /**
   * The format of the unclaimed file {@code file}: TSV or LINES (JSONL or JSON for {@code *.json}).
   *
   * @throws InputException for a file that looks like a table with a header, naming the options
   *     that read it
   */
  static InputFormat sniff(Path file) {
    Path name = file.getFileName();
    if (startsWithParquetMagic(file)) {
      return InputFormat.PARQUET;
    }
    List<String> lines = firstLines(file);
    if (lines.isEmpty()) {
      return InputFormat.TSV;
    }
    if (name != null
        && name.toString().toLowerCase(java.util.Locale.ROOT).matches(".*\\.json(\\.gz|\\.zst)?")) {
      return lines.get(0).strip().startsWith("[") ? InputFormat.JSON : InputFormat.JSONL;
    }
    String first = lines.get(0);
    if (first.indexOf('\t') < 0 && first.indexOf(' ') > 0) {
      return InputFormat.LINES;
    }
    String[] names = first.split("\t", -1);
    if (names.length >= 3
        && lines.size() >= 2
        && lines.get(1).split("\t", -1).length == names.length
        && looksLikeHeader(names)) {
      throw new InputException(
          file.toString(),
          1,
          null,
          "the first line looks like a header ("
              + String.join(", ", names)
              + "): use --format csv --delimiter tab --text-field COLUMN to read it as a table, or"
              + " --format tsv to read it as data");
    }
    return InputFormat.TSV;
  }

  private static boolean looksLikeHeader(String[] names) {
    for (String name : names) {
      String trimmed = name.strip();
      if (trimmed.isEmpty()
          || trimmed.length() > LONGEST_NAME
          || trimmed.chars().allMatch(c -> Character.isDigit(c) || c == '.' || c == '-')) {
        return false;
      }
    }
    return true;
  }

  private static boolean startsWithParquetMagic(Path file) {
    if (!Files.isRegularFile(file)) {
      return false;
    }
    try (InputStream in = Files.newInputStream(file)) {
      return java.util.Arrays.equals(in.readNBytes(4), "PAR1".getBytes(StandardCharsets.US_ASCII));
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * Up to two non-blank lines from the start of {@code file} (decompressed); none when it cannot be
   * read.
   */
  private static List<String> firstLines(Path file) {
    List<String> lines = new ArrayList<>();
    if (!Files.isRegularFile(file)) {
      return lines;
    }
    byte[] head;
    try (InputStream in = Decompression.open(file).stream()) {
      head = in.readNBytes(PEEK);
    } catch (IOException | RuntimeException e) {
      return lines; // the read reports it
    }
    String text = new String(head, StandardCharsets.UTF_8);
    if (text.startsWith("\uFEFF")) {
      text = text.substring(1);
    }
    String[] all = text.split("\n", -1);
    for (int i = 0; i < all.length - (head.length == PEEK ? 1 : 0) && lines.size() < 2; i++) {
      String line = all[i].endsWith("\r") ? all[i].substring(0, all[i].length() - 1) : all[i];
      if (!line.isBlank()) {
        lines.add(line);
      }
    }
    return lines;
  }
}
