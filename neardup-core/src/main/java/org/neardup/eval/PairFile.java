package org.neardup.eval;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.neardup.input.InputException;

/**
 * Reads a file of pairs: neardup's own output ({@code idA<TAB>idB<TAB>similarity}) or a plain
 * truth file ({@code idA idB}, whitespace-separated, as the articles data set has). A line with a
 * tab is split on tabs, any other on whitespace; a third field, when present, is the similarity.
 * Blank lines are ignored; a pair listed twice counts once.
 */
public final class PairFile {
  private PairFile() {}

  /**
   * The pairs of {@code path}, each with its similarity or NaN.
   *
   * @throws InputException naming file and line for a missing file, a line without two ids, a
   *     pair of one id with itself, or a similarity that is not a number in [0, 1]
   */
  public static Map<IdPair, Double> read(Path path) {
    String source = path.toString();
    Map<IdPair, Double> pairs = new LinkedHashMap<>();
    try (BufferedReader reader = Files.newBufferedReader(path)) {
      long lineNumber = 0;
      for (String line; (line = reader.readLine()) != null; ) {
        lineNumber++;
        String trimmed = line.strip();
        if (trimmed.isEmpty()) {
          continue;
        }
        String[] fields = line.indexOf('\t') >= 0 ? trimmed.split("\t") : trimmed.split("\\s+");
        if (fields.length < 2 || fields[0].isEmpty() || fields[1].isEmpty()) {
          throw new InputException(source, lineNumber, null, "expected two ids, got '" + trimmed + "'");
        }
        if (fields[0].equals(fields[1])) {
          throw new InputException(source, lineNumber, null, "a pair of '" + fields[0] + "' with itself");
        }
        double similarity = fields.length >= 3 ? parseSimilarity(fields[2], source, lineNumber) : Double.NaN;
        pairs.put(IdPair.of(fields[0], fields[1]), similarity);
      }
    } catch (NoSuchFileException e) {
      throw new InputException(source, 0, null, "no such file");
    } catch (CharacterCodingException e) {
      throw new InputException(source, 0, null, "invalid UTF-8");
    } catch (IOException e) {
      throw new InputException(source, 0, null, "cannot read: " + e.getMessage());
    }
    return pairs;
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
    throw new InputException(source, line, null, "similarity '" + field + "' is not a number in [0, 1]");
  }
}
