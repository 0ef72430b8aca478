package org.neardup.io;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.zip.ZipException;
import org.neardup.eval.IdPair;
import org.neardup.input.InputException;

/**
 * Reads a file of pairs: neardup's own output ({@code idA<TAB>idB<TAB>similarity}) or a plain truth
 * file ({@code idA idB}, whitespace-separated, as the articles data set has). A line with a tab is
 * split on tabs into 2 or 3 fields, any other on whitespace into 2 or 3; a third field is the
 * similarity, a number in [0, 1]. The output of {@code pairs --measure containment} is read too:
 * its fourth field, the direction ({@code a-in-b}, {@code b-in-a}, {@code both}), is ignored. So is
 * the output of {@code clusters} ({@code cluster<TAB>id<TAB>role<TAB>similarity}): each {@code
 * duplicate} line is the pair of a removed document and its kept one, {@code keep} lines are
 * skipped. Lines are trimmed first; blank lines are ignored. A pair listed twice counts once,
 * unless the two lines give it different similarities (an error). The file is strict UTF-8 (a
 * leading byte order mark is ignored) and may be gzip- or zstd-compressed (detected by its first
 * bytes), as {@code neardup pairs -o found.tsv.gz} and {@code -o found.tsv.zst} write it.
 * Stateless.
 */
public final class PairFile {
  /** The fourth field of {@code pairs --measure containment}: which document holds the other. */
  private static final java.util.Set<String> DIRECTIONS =
      java.util.Set.of("a-in-b", "b-in-a", "both");

  /** The third field of {@code clusters}' lines: the kept document's line, or a removed one's. */
  private static final java.util.Set<String> ROLES = java.util.Set.of("keep", "duplicate");

  private PairFile() {}

  /**
   * The pairs of {@code path}, each with its similarity or NaN, in file order.
   *
   * @throws InputException naming file and line for a missing or unreadable file, a directory,
   *     invalid UTF-8, truncated gzip input, a line without two ids or with more than three fields,
   *     a pair of one id with itself, a similarity that is not a number in [0, 1], or a pair listed
   *     twice with different similarities
   */
  public static Map<IdPair, Double> read(Path path) {
    String source = path.toString();
    if (Files.isDirectory(path)) {
      throw new InputException(source, 0, null, "is a directory");
    }
    Map<IdPair, Double> pairs = new LinkedHashMap<>();
    long lineNumber = 0;
    boolean gzip = false;
    try (InputStream raw = new BufferedInputStream(Files.newInputStream(path), 1 << 16)) {
      Decompression.Opened opened = Decompression.open(raw);
      gzip = opened.gzip();
      try (InputStream bytes = opened.stream()) {
        Lines reader = new Lines(bytes);
        for (String line; (line = reader.next()) != null; ) {
          lineNumber++;
          if (lineNumber == 1 && line.startsWith("\ufeff")) {
            line = line.substring(1);
          }
          parse(line, source, lineNumber, pairs);
        }
      }
    } catch (NoSuchFileException e) {
      throw new InputException(source, 0, null, "no such file");
    } catch (AccessDeniedException e) {
      throw new InputException(source, 0, null, "permission denied");
    } catch (CharacterCodingException e) {
      throw new InputException(source, lineNumber + 1, null, "invalid UTF-8");
    } catch (EOFException e) {
      throw new InputException(
          source, lineNumber + 1, null, gzip ? "truncated gzip input" : "unexpected end of input");
    } catch (ZipException e) {
      throw new InputException(
          source, lineNumber + 1, null, "corrupt gzip input (" + e.getMessage() + ")");
    } catch (IOException e) {
      throw new InputException(source, 0, null, "cannot read: " + e.getMessage());
    }
    return pairs;
  }

  private static void parse(
      String line, String source, long lineNumber, Map<IdPair, Double> pairs) {
    String trimmed = line.strip();
    if (trimmed.isEmpty()) {
      return;
    }
    boolean tabs = trimmed.indexOf('\t') >= 0;
    String[] fields = tabs ? trimmed.split("\t", -1) : trimmed.split("\\s+");
    if (fields.length < 2 || fields[0].isEmpty() || fields[1].isEmpty()) {
      throw new InputException(source, lineNumber, null, "expected two ids, got '" + trimmed + "'");
    }
    boolean direction = tabs && fields.length == 4 && DIRECTIONS.contains(fields[3]);
    boolean role = tabs && fields.length == 4 && ROLES.contains(fields[2]);
    if (role) {
      if (fields[2].equals("keep")) {
        return; // the kept document's own line
      }
      fields = new String[] {fields[0], fields[1], fields[3]};
    }
    if (fields.length > 3 && !direction) {
      throw new InputException(
          source,
          lineNumber,
          null,
          (tabs
                  ? "expected idA<TAB>idB or idA<TAB>idB<TAB>similarity (or pairs --measure"
                      + " containment's idA<TAB>idB<TAB>containment<TAB>a-in-b|b-in-a|both)"
                  : "expected 'idA idB' or 'idA idB similarity'")
              + ", got "
              + fields.length
              + " fields");
    }
    if (fields[0].equals(fields[1])) {
      throw new InputException(
          source, lineNumber, null, "a pair of '" + fields[0] + "' with itself");
    }
    double similarity =
        fields.length == 3 ? parseSimilarity(fields[2], source, lineNumber) : Double.NaN;
    IdPair pair = IdPair.of(fields[0], fields[1]);
    Double before = pairs.putIfAbsent(pair, similarity);
    if (before == null) {
      return;
    }
    if (Double.isNaN(before)) {
      pairs.put(pair, similarity);
    } else if (!Double.isNaN(similarity) && before.doubleValue() != similarity) {
      throw new InputException(
          source,
          lineNumber,
          null,
          String.format(
              Locale.ROOT,
              "pair %s, %s listed again with similarity %.6f (an earlier line says %.6f)",
              pair.first(),
              pair.second(),
              similarity,
              before));
    }
  }

  private static double parseSimilarity(String field, String source, long line) {
    try {
      double value = Double.parseDouble(field);
      if (value >= 0 && value <= 1) {
        return value;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new InputException(
        source, line, null, "similarity '" + field + "' is not a number in [0, 1]");
  }

  /**
   * Lines split on {@code '\n'} (a {@code '\r'} before it dropped), each decoded as strict UTF-8.
   */
  private static final class Lines {
    private final InputStream in;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream(256);
    private final CharsetDecoder decoder =
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);

    Lines(InputStream in) {
      this.in = in;
    }

    String next() throws IOException {
      line.reset();
      int b;
      while ((b = in.read()) >= 0 && b != '\n') {
        line.write(b);
      }
      if (b < 0 && line.size() == 0) {
        return null;
      }
      byte[] bytes = line.toByteArray();
      int length =
          bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
      return decoder.decode(ByteBuffer.wrap(bytes, 0, length)).toString();
    }
  }
}
