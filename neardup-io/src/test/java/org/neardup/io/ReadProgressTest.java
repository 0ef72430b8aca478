package org.neardup.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.neardup.io.IoFixtures.gzip;
import static org.neardup.io.IoFixtures.utf8;
import static org.neardup.io.IoFixtures.write;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.input.Document;
import org.neardup.input.InputProblems;
import org.neardup.input.OnError;

/**
 * Reading with a byte count: the documents of a plain read, and every byte of {@code size} counted,
 * rising as it goes.
 */
class ReadProgressTest {
  @TempDir Path dir;

  @Test
  void everyFormatCountsItsInputsBytesToItsSizeAndReadsTheSameDocuments() {
    String tsv = lines(3000, (i, text) -> "doc" + i + "\t" + text);
    String jsonl = lines(3000, (i, text) -> "{\"id\":\"doc" + i + "\",\"text\":\"" + text + "\"}");
    String csv = "id,text\n" + lines(3000, (i, text) -> "doc" + i + ",\"" + text + "\"");
    List<Long> seen = check(write(dir, "a.tsv", tsv), InputOptions.of(InputFormat.TSV));
    assertThat(seen.get(0))
        .as("counted when read, not at the end")
        .isLessThan(seen.get(seen.size() - 1));
    check(
        write(dir, "a.tsv.gz", gzip(utf8(tsv))),
        InputOptions.of(InputFormat.TSV)); // compressed bytes
    check(write(dir, "a.jsonl", jsonl), IoFixtures.jsonl("id", "text"));
    check(write(dir, "a.csv", csv), IoFixtures.csv(',', "id", "text"));
    Path tree = dir.resolve("tree");
    for (int i = 0; i < 40; i++) {
      write(tree, "d" + (i % 3) + "/f" + i + ".txt", "text of file " + i + " ".repeat(i * 50));
    }
    write(tree, "packed.txt", gzip(utf8("a gzipped file, counted compressed")));
    check(tree, InputOptions.of(InputFormat.DIR));
  }

  @Test
  void anInputThatIsNotARegularFileHasNoSize() {
    assertThat(DocumentReaders.size(dir.resolve("missing.tsv"), InputOptions.of(InputFormat.TSV)))
        .isEqualTo(-1);
    assertThat(DocumentReaders.size(Path.of("/dev/null"), InputOptions.of(InputFormat.TSV)))
        .isEqualTo(-1);
  }

  /** The bytes counted when each document came, after checking the documents and the total. */
  private static List<Long> check(Path input, InputOptions options) {
    List<Document> plain =
        readAll(DocumentReaders.open(input, options, new InputProblems(OnError.FAIL)));
    AtomicLong counted = new AtomicLong();
    List<Long> seen = new ArrayList<>();
    List<Document> documents = new ArrayList<>();
    try (DocumentReader reader =
        DocumentReaders.open(
            input,
            options,
            new InputProblems(OnError.FAIL),
            bytes -> {
              assertThat(bytes).isPositive();
              counted.addAndGet(bytes);
            })) {
      for (Document d; (d = reader.next()) != null; ) {
        documents.add(d);
        seen.add(counted.get());
      }
    }
    assertThat(documents).as("%s", input).isEqualTo(plain);
    assertThat(counted.get()).as("%s", input).isEqualTo(DocumentReaders.size(input, options));
    return seen;
  }

  private static List<Document> readAll(DocumentReader reader) {
    try (reader) {
      List<Document> documents = new ArrayList<>();
      for (Document d; (d = reader.next()) != null; ) {
        documents.add(d);
      }
      return documents;
    }
  }

  private interface Line {
    String of(int index, String text);
  }

  private static String lines(int n, Line line) {
    SplittableRandom random = new SplittableRandom(n);
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < n; i++) {
      out.append(line.of(i, "words " + random.nextInt() + " more words " + random.nextLong()))
          .append('\n');
    }
    return out.toString();
  }
}
