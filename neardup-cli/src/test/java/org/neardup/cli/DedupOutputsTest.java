package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code dedup --annotate}, {@code --removed} and the rejects file, in every input format. */
class DedupOutputsTest {
  private static final String[][] RECORDS = {
    {"a1", "Cheap flat near the station, two rooms and a kitchen"},
    {"b1", "A completely unrelated text about gardening tools"},
    {"a2", "Cheap flat near the station, two rooms and a kitchen!!"},
    {"c1", "Yet another distinct document on astronomy"},
    {"a3", "cheap flat near the station, two rooms and a kitchen"},
  };

  /** What clusters says: a2 and a3 removed for a1. */
  private static final Map<String, String> REMOVED =
      Map.of("a2", "a1\t0.960000", "a3", "a1\t1.000000");

  @TempDir Path dir;

  /** A format: how to write the corpus, the options to read it, and how to undo an annotation. */
  private interface Format {
    String write(String[][] records);

    List<String> options();

    /**
     * The record's id and annotation (two fields) of an annotated record line, or null for other
     * lines.
     */
    String[] annotation(String line);

    /** The line without its annotation. */
    String strip(String line);
  }

  private static final Pattern COLUMNS =
      Pattern.compile("^(.*)\\t([^\\t]*)\\t([^\\t]*)\\t([^\\t\\r\\n]*)(\\r?\\n?)$", Pattern.DOTALL);
  private static final Pattern JSON =
      Pattern.compile(
          "^(.*?)(,?)\"duplicate_of\":(null|\"[^\"]*\"),\"similarity\":(null|[0-9.]+),"
              + "\"cluster_size\":(null|[0-9]+)(}\\s*)$",
          Pattern.DOTALL);
  private static final Pattern CSV =
      Pattern.compile("^(.*),([^,]*),([^,]*),([^,\\r\\n]*)(\\r?\\n?)$", Pattern.DOTALL);

  private static Format separated(String separator, List<String> options) {
    return new Format() {
      @Override
      public String write(String[][] records) {
        StringBuilder b = new StringBuilder();
        for (String[] r : records) {
          b.append(r[0]).append(separator).append(r[1]).append('\n');
        }
        return b.append('\n').toString(); // a blank line: not a record, copied as it is
      }

      @Override
      public List<String> options() {
        return options;
      }

      @Override
      public String[] annotation(String line) {
        Matcher m = COLUMNS.matcher(line);
        if (line.isBlank() || !m.matches()) {
          return null;
        }
        return new String[] {
          m.group(1).split(separator.equals("\t") ? "\t" : " ", 2)[0],
          m.group(2),
          m.group(3),
          m.group(4)
        };
      }

      @Override
      public String strip(String line) {
        Matcher m = COLUMNS.matcher(line);
        return line.isBlank() || !m.matches() ? line : m.group(1) + m.group(5);
      }
    };
  }

  private static final Format TSV = separated("\t", List.of());
  private static final Format LINES = separated(" ", List.of("--format", "lines"));

  private static final Format CSV_FORMAT =
      new Format() {
        @Override
        public String write(String[][] records) {
          StringBuilder b = new StringBuilder("id,text,n\r\n");
          int n = 0;
          for (String[] r : records) {
            b.append(r[0])
                .append(",\"")
                .append(r[1].replace("\"", "\"\""))
                .append("\",")
                .append(n++)
                .append("\r\n");
          }
          return b.toString();
        }

        @Override
        public List<String> options() {
          return List.of("--id-field", "id");
        }

        @Override
        public String[] annotation(String line) {
          Matcher m = CSV.matcher(line);
          if (line.startsWith("id,") || !m.matches()) {
            return null;
          }
          return new String[] {
            line.substring(0, line.indexOf(',')), m.group(2), m.group(3), m.group(4)
          };
        }

        @Override
        public String strip(String line) {
          Matcher m = CSV.matcher(line);
          return m.matches() ? m.group(1) + m.group(5) : line;
        }
      };

  private static final Format JSONL =
      new Format() {
        @Override
        public String write(String[][] records) {
          StringBuilder b = new StringBuilder();
          for (int i = 0; i < records.length; i++) {
            // one object written with spaces before its closing brace
            b.append("{\"id\":\"")
                .append(records[i][0])
                .append("\",\"text\":\"")
                .append(records[i][1])
                .append('"')
                .append(i == 2 ? " } " : "}")
                .append('\n');
          }
          return b.toString();
        }

        @Override
        public List<String> options() {
          return List.of();
        }

        @Override
        public String[] annotation(String line) {
          Matcher m = JSON.matcher(line);
          if (!m.matches()) {
            return null;
          }
          String id = line.substring(7, line.indexOf('"', 7));
          return new String[] {
            id,
            m.group(3).equals("null") ? "" : m.group(3).replace("\"", ""),
            m.group(4).equals("null") ? "" : m.group(4),
            m.group(5).equals("null") ? "" : m.group(5)
          };
        }

        @Override
        public String strip(String line) {
          Matcher m = JSON.matcher(line);
          return m.matches() ? m.group(1) + m.group(6) : line;
        }
      };

  private CliRunner dedup(Format format, Path input, String... more) {
    List<String> args = new ArrayList<>(List.of("dedup", "-q"));
    args.addAll(format.options());
    args.addAll(List.of(more));
    args.add(input.toString());
    return CliRunner.run(args.toArray(String[]::new));
  }

  static Stream<Object[]> formats() {
    return Stream.of(
        new Object[] {"tsv", TSV},
        new Object[] {"lines", LINES},
        new Object[] {"csv", CSV_FORMAT},
        new Object[] {"jsonl", JSONL});
  }

  @org.junit.jupiter.params.ParameterizedTest(name = "{0}")
  @org.junit.jupiter.params.provider.MethodSource("formats")
  void annotateRoundTripsAndRemovedHoldsTheRest(String name, Format format) throws IOException {
    String original = format.write(RECORDS);
    Path input = Files.writeString(dir.resolve("in." + name), original);
    Path annotated = dir.resolve("annotated." + name);
    Path removed = dir.resolve("removed." + name);
    Path clean = dir.resolve("clean." + name);
    CliRunner run =
        dedup(
            format,
            input,
            "--annotate",
            "--removed",
            removed.toString(),
            "-o",
            annotated.toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(dedup(format, input, "-o", clean.toString()).exitCode).isZero();

    List<String> lines = linesOf(Files.readString(annotated));
    StringBuilder stripped = new StringBuilder();
    StringBuilder kept = new StringBuilder();
    StringBuilder removedOnes = new StringBuilder();
    Map<String, String> annotations = new LinkedHashMap<>();
    for (String line : lines) {
      String plain = format.strip(line);
      stripped.append(plain);
      String[] a = format.annotation(line);
      if (a == null) { // a header or a blank line: in every copy
        kept.append(plain);
        removedOnes.append(plain);
        continue;
      }
      annotations.put(a[0], a[1] + "\t" + a[2] + "\t" + a[3]);
      (a[1].isEmpty() ? kept : removedOnes).append(plain);
    }
    // every record, each with its kept match and similarity, or its cluster size for kept ones;
    // otherwise unchanged
    assertThat(stripped.toString()).isEqualTo(original);
    assertThat(annotations)
        .containsOnlyKeys("a1", "b1", "a2", "c1", "a3")
        .containsEntry("a2", REMOVED.get("a2") + "\t")
        .containsEntry("a3", REMOVED.get("a3") + "\t")
        .containsEntry("a1", "\t\t3")
        .containsEntry("b1", "\t\t1")
        .containsEntry("c1", "\t\t1");
    assertThat(Files.readString(clean)).isEqualTo(kept.toString());
    assertThat(Files.readString(removed)).isEqualTo(removedOnes.toString());
  }

  @Test
  void annotatedCsvAndJsonLinesReadAgainAsTheSameDocuments() throws IOException {
    for (Object[] f : new Object[][] {{"csv", CSV_FORMAT}, {"jsonl", JSONL}}) {
      Format format = (Format) f[1];
      Path input = Files.writeString(dir.resolve("again." + f[0]), format.write(RECORDS));
      Path annotated = dir.resolve("again-annotated." + f[0]);
      assertThat(dedup(format, input, "--annotate", "-o", annotated.toString()).exitCode).isZero();
      List<String> pairs = new ArrayList<>(List.of("pairs", "-q"));
      pairs.addAll(format.options());
      CliRunner before =
          CliRunner.run(
              Stream.concat(pairs.stream(), Stream.of(input.toString())).toArray(String[]::new));
      CliRunner after =
          CliRunner.run(
              Stream.concat(pairs.stream(), Stream.of(annotated.toString()))
                  .toArray(String[]::new));
      assertThat(after.out).as(after.toString()).isEqualTo(before.out).isNotEmpty();
    }
  }

  @Test
  void annotateRoundTripsForADirectory() throws IOException {
    Path input = Files.createDirectory(dir.resolve("docs"));
    for (String[] r : RECORDS) {
      Files.writeString(input.resolve(r[0] + ".txt"), r[1]);
    }
    Path annotated = dir.resolve("annotated");
    Path removed = dir.resolve("removed");
    CliRunner run =
        CliRunner.run(
            "dedup",
            "-q",
            "--annotate",
            "--removed",
            removed.toString(),
            "-o",
            annotated.toString(),
            input.toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    for (String[] r : RECORDS) {
      assertThat(Files.readString(annotated.resolve(r[0] + ".txt"))).isEqualTo(r[1]);
      assertThat(Files.exists(removed.resolve(r[0] + ".txt"))).isEqualTo(REMOVED.containsKey(r[0]));
    }
    assertThat(Files.readString(annotated.resolve(".neardup-annotations.tsv")))
        .isEqualTo(
            "id\tduplicate_of\tsimilarity\tcluster_size\n"
                + "a1.txt\t\t\t3\n"
                + "a2.txt\ta1.txt\t0.960000\t\n"
                + "a3.txt\ta1.txt\t1.000000\t\n"
                + "b1.txt\t\t\t1\n"
                + "c1.txt\t\t\t1\n");
    // read again, the annotated directory holds the same documents (the list is hidden)
    assertThat(CliRunner.run("pairs", "-q", annotated.toString()).out)
        .isEqualTo(CliRunner.run("pairs", "-q", input.toString()).out);
  }

  @Test
  void recordsSkippedAsBadGoToTheRejectsFileNeverToTheCleanCopy() throws IOException {
    String good =
        "a1\tCheap flat near the station, two rooms and a kitchen\n"
            + "b1\tA completely unrelated text\n";
    String noText = "no-tab-here\n";
    String sameId = "a1\tAnother text entirely, with the id of the first\n";
    Path input = Files.writeString(dir.resolve("bad.tsv"), good + noText + sameId);
    Path clean = dir.resolve("clean.tsv");
    CliRunner run =
        CliRunner.run("dedup", "--on-error", "skip", "-o", clean.toString(), input.toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(Files.readString(clean)).isEqualTo(good);
    Path rejects = dir.resolve("clean.rejects.tsv");
    assertThat(Files.readString(rejects)).isEqualTo(noText + sameId);
    assertThat(run.err).contains("2 records skipped as bad -> " + rejects);
    // --annotate writes the removed records, never the bad ones; --rejects names the file
    Path annotated = dir.resolve("annotated.tsv.gz");
    Path named = dir.resolve("bad-records.tsv");
    CliRunner annotate =
        CliRunner.run(
            "dedup",
            "-q",
            "--on-error",
            "skip",
            "--annotate",
            "--rejects",
            named.toString(),
            "-o",
            annotated.toString(),
            input.toString());
    assertThat(annotate.exitCode).as(annotate.toString()).isZero();
    assertThat(Files.readString(named)).isEqualTo(noText + sameId);
    assertThat(Files.exists(dir.resolve("annotated.rejects.tsv.gz"))).isFalse();
    try (var in = new java.util.zip.GZIPInputStream(Files.newInputStream(annotated))) {
      assertThat(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8))
          .isEqualTo(
              "a1\tCheap flat near the station, two rooms and a kitchen\t\t\t1\n"
                  + "b1\tA completely unrelated text\t\t\t1\n");
    }
  }

  @Test
  void aCsvRejectsFileHasTheHeaderAndNoneIsWrittenWhenNothingIsSkipped() throws IOException {
    Path input =
        Files.writeString(
            dir.resolve("in.csv"), "id,text\n1,some text here\n,no id\n2,other words\n");
    Path clean = dir.resolve("clean.csv");
    CliRunner run =
        CliRunner.run(
            "dedup",
            "-q",
            "--on-error",
            "skip",
            "--id-field",
            "id",
            "-o",
            clean.toString(),
            input.toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(Files.readString(clean)).isEqualTo("id,text\n1,some text here\n2,other words\n");
    assertThat(Files.readString(dir.resolve("clean.rejects.csv"))).isEqualTo("id,text\n,no id\n");
    Path fine = Files.writeString(dir.resolve("fine.tsv"), "x\tsome text\ny\tother text\n");
    Path out = dir.resolve("out.tsv");
    CliRunner none =
        CliRunner.run("dedup", "--on-error", "skip", "-o", out.toString(), fine.toString());
    assertThat(none.exitCode).as(none.toString()).isZero();
    assertThat(Files.exists(dir.resolve("out.rejects.tsv"))).isFalse();
    assertThat(none.err).doesNotContain("rejects");
  }

  @Test
  void annotateWithComponentsIsRefused() throws IOException {
    Path input = Files.writeString(dir.resolve("in.tsv"), TSV.write(RECORDS));
    CliRunner run =
        CliRunner.run(
            "dedup",
            "--annotate",
            "--components",
            "-o",
            dir.resolve("o.tsv").toString(),
            input.toString());
    assertThat(run.exitCode).isEqualTo(2);
    assertThat(run.err).contains("--annotate").contains("--components");
  }

  /** The lines of {@code text}, each with its line ending. */
  private static List<String> linesOf(String text) {
    List<String> lines = new ArrayList<>();
    int start = 0;
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        lines.add(text.substring(start, i + 1));
        start = i + 1;
      }
    }
    if (start < text.length()) {
      lines.add(text.substring(start));
    }
    return lines;
  }
}
