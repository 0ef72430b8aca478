package org.neardup.io;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.JsonEOFException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.neardup.input.InputException;

/**
 * Looks at the first bytes of an input that no name claims (standard input included), decompressed,
 * to tell its format by its content, whatever the file is called:
 *
 * <ul>
 *   <li>{@link InputFormat#PARQUET} for a file that starts with {@code PAR1};
 *   <li>{@link InputFormat#JSON} when it starts with {@code [} and then an object (or {@code ]});
 *   <li>{@link InputFormat#JSONL} when its first line is one whole JSON object;
 *   <li>{@link InputFormat#LINES} when its first record has a space but no tab;
 *   <li>else {@link InputFormat#TSV}; a table of several tab-separated columns whose first line
 *       looks like a header is refused with the options that read it.
 * </ul>
 *
 * A {@code *.json} file is {@link InputFormat#JSON} when it starts with {@code [}, else JSON Lines,
 * as its name says. The choice comes with the reason, which {@link FormatChoice} words. Stateless.
 */
final class FormatSniffer {
  /** Bytes looked at. */
  static final int PEEK = 1 << 16;

  /** Longest field of a header line. */
  private static final int LONGEST_NAME = 64;

  /** Characters of a JSON token that the end of a head may cut off and leave unreadable. */
  private static final int CUT_TOKEN = 8;

  private static final JsonFactory JSON = new JsonFactory();

  private FormatSniffer() {}

  /**
   * The format of the unclaimed input {@code file} ({@code -} for standard input), and why.
   *
   * @throws InputException for a file that looks like a table with a header, naming the options
   *     that read it
   */
  static FormatChoice sniff(Path file) {
    if (!DocumentReaders.isStandardInput(file) && !Files.isRegularFile(file)) {
      // a pipe is read once, so it cannot be looked at first; nor, for the same answer every
      // time, is its copy (InputSpool)
      return FormatChoice.guessed(
          InputFormat.TSV, "the default for a pipe, which cannot be looked at before it is read");
    }
    byte[] raw = rawHead(file);
    if (raw.length >= 4
        && Arrays.equals(Arrays.copyOf(raw, 4), "PAR1".getBytes(StandardCharsets.US_ASCII))) {
      return FormatChoice.guessed(InputFormat.PARQUET, "it starts with PAR1");
    }
    byte[] head = decompressed(raw);
    String text = new String(head, StandardCharsets.UTF_8);
    // standard input's head may end inside a line: only its whole lines count
    boolean truncated =
        DocumentReaders.isStandardInput(file) || raw.length == PEEK || head.length == PEEK;
    String start = (text.startsWith("\uFEFF") ? text.substring(1) : text).stripLeading();
    if (start.isEmpty()) {
      return FormatChoice.named(InputFormat.TSV);
    }
    Path name = file.getFileName();
    if (name != null
        && name.toString().toLowerCase(Locale.ROOT).matches(".*\\.json(\\.gz|\\.zst)?")) {
      return FormatChoice.named(start.startsWith("[") ? InputFormat.JSON : InputFormat.JSONL);
    }
    if (startsJsonArray(start)) {
      return FormatChoice.guessed(InputFormat.JSON, "it starts with [ and an object");
    }
    List<String> lines = firstLines(text, truncated);
    if (lines.isEmpty()) {
      // the first line goes on past the head: what there is of it decides
      String partial = start.lines().findFirst().orElse("");
      if (startsJsonObject(partial)) {
        return FormatChoice.guessed(InputFormat.JSONL, "its first line starts a JSON object");
      }
      lines = List.of(partial);
    }
    String first = lines.get(0);
    if (isJsonObject(first)) {
      return FormatChoice.guessed(InputFormat.JSONL, "its first line is a JSON object");
    }
    if (first.indexOf('\t') < 0 && first.indexOf(' ') > 0) {
      return FormatChoice.guessed(InputFormat.LINES, "its first line has a space and no tab");
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
    return FormatChoice.guessed(
        InputFormat.TSV, first.indexOf('\t') >= 0 ? "its first line has a tab" : "the default");
  }

  /**
   * The first bytes of {@code file} decompressed, at most {@link #PEEK}: of the file, its copy, or
   * standard input (not consumed); none for a pipe, which cannot be looked at before it is read.
   */
  static byte[] head(Path file) {
    if (!DocumentReaders.isStandardInput(file) && !Files.isRegularFile(file)) {
      return new byte[0];
    }
    return decompressed(rawHead(file));
  }

  /**
   * Whether the text starts with an opening bracket, then (after whitespace) a brace or a closing
   * bracket.
   */
  private static boolean startsJsonArray(String text) {
    String rest = text.startsWith("\uFEFF") ? text.substring(1) : text;
    rest = rest.stripLeading();
    if (!rest.startsWith("[")) {
      return false;
    }
    rest = rest.substring(1).stripLeading();
    return rest.startsWith("{") || rest.startsWith("]");
  }

  /**
   * Whether {@code head}, the start of a line too long to look at whole, is the start of a JSON
   * object: valid JSON up to where it stops.
   */
  private static boolean startsJsonObject(String head) {
    if (!head.strip().startsWith("{")) {
      return false;
    }
    try (JsonParser parser = JSON.createParser(head)) {
      while (parser.nextToken() != null) {
        // read on: an object cut off by the end of the head ends in JsonEOFException
      }
      return false;
    } catch (JsonEOFException e) {
      return true;
    } catch (JsonParseException e) {
      // a token cut off at the end (a number, a literal, an escape) is no error in the whole line
      return e.getLocation().getCharOffset() >= head.length() - CUT_TOKEN;
    } catch (IOException e) {
      return false;
    }
  }

  /** Whether {@code line} is one whole JSON object and nothing else. */
  private static boolean isJsonObject(String line) {
    String trimmed = line.strip();
    if (!trimmed.startsWith("{") || !trimmed.endsWith("}")) {
      return false;
    }
    try (JsonParser parser = JSON.createParser(trimmed)) {
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        return false;
      }
      parser.skipChildren();
      return parser.nextToken() == null;
    } catch (IOException e) {
      return false;
    }
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

  /**
   * The first {@link #PEEK} bytes of the input as they are (compressed or not): of the file or of
   * its {@link InputSpool} copy; of standard input those it starts with ({@link
   * StandardInput#head}), not consumed. None when it cannot be read (the read reports it).
   */
  private static byte[] rawHead(Path file) {
    try {
      if (DocumentReaders.isStandardInput(file)) {
        // the same bytes whether or not standard input was copied since: every look agrees
        return StandardInput.head(PEEK, raw -> firstLines(decompressed(raw), true).size());
      }
      Path copy = InputSpool.copyOf(file);
      try (InputStream in = Files.newInputStream(copy != null ? copy : file)) {
        return in.readNBytes(PEEK);
      }
    } catch (IOException e) {
      return new byte[0];
    }
  }

  /**
   * The head decompressed (as far as it goes: a compressed head ends mid-stream), at most {@link
   * #PEEK} bytes.
   */
  private static byte[] decompressed(byte[] raw) {
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    try (InputStream in = Decompression.open(new ByteArrayInputStream(raw)).stream()) {
      byte[] buffer = new byte[8192];
      for (int n; text.size() < PEEK && (n = in.read(buffer)) > 0; ) {
        text.write(buffer, 0, Math.min(n, PEEK - text.size()));
      }
    } catch (IOException | RuntimeException e) {
      // what was decompressed before the head ended is enough to look at
    }
    return text.toByteArray();
  }

  private static List<String> firstLines(byte[] head, boolean truncated) {
    return firstLines(new String(head, StandardCharsets.UTF_8), truncated);
  }

  /** Up to two non-blank lines of {@code text}; the last one only when {@code text} is whole. */
  private static List<String> firstLines(String text, boolean truncated) {
    List<String> lines = new ArrayList<>();
    if (text.startsWith("\uFEFF")) {
      text = text.substring(1);
    }
    String[] all = text.split("\n", -1);
    for (int i = 0; i < all.length - (truncated ? 1 : 0) && lines.size() < 2; i++) {
      String line = all[i].endsWith("\r") ? all[i].substring(0, all[i].length() - 1) : all[i];
      if (!line.isBlank()) {
        lines.add(line);
      }
    }
    return lines;
  }
}
