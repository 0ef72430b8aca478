package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code eval}: every truth pair counted in its band, and pair files read as neardup writes them.
 */
class EvalCommandTest {
  @TempDir Path dir;

  private CliRunner eval(Path truth, Path found, String... more) {
    String[] args = new String[4 + more.length];
    args[0] = "eval";
    args[1] = "--truth=" + truth;
    args[2] = "--found=" + found;
    args[3] = "--band-width=0.05";
    System.arraycopy(more, 0, args, 4, more.length);
    return CliRunner.run(args);
  }

  private static void assertOneLineError(CliRunner run, String expected) {
    assertThat(run.exitCode).as(run.toString()).isEqualTo(2);
    assertThat(run.err.strip()).as(run.toString()).isEqualTo("neardup: " + expected);
  }

  @Test
  void aTruthPairOnTheLowestBandEdgeIsCountedInThatBand() throws IOException {
    // 0.85 is the lowest band's edge: a band index computed as floor(0.85 / 0.05 + 1e-9) * 0.05 is
    // 0.8500000000000001, which would put the pair below the first band.
    Path truth = Files.writeString(dir.resolve("t.tsv"), "a\tb\t0.850000\nc\td\t0.900000\n");
    CliRunner run = eval(truth, truth);
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out)
        .contains("[0.850, 0.900)        1        1   1.0000")
        .contains("[0.900, 0.950)        1        1   1.0000")
        .contains("[0.950, 1.000]        0        0   1.0000");
  }

  @Test
  void everyBandEdgeBelongsToTheBandItStarts() throws IOException {
    StringBuilder pairs = new StringBuilder();
    String[] edges = {
      "0.700000", "0.750000", "0.800000", "0.850000", "0.900000", "0.950000", "1.000000"
    };
    for (int i = 0; i < edges.length; i++) {
      pairs
          .append("a")
          .append(i)
          .append("\tb")
          .append(i)
          .append('\t')
          .append(edges[i])
          .append('\n');
    }
    Path truth = Files.writeString(dir.resolve("edges.tsv"), pairs.toString());
    for (String from : new String[] {null, "0.7"}) {
      CliRunner run = from == null ? eval(truth, truth) : eval(truth, truth, "-t", from);
      assertThat(run.exitCode).as(run.toString()).isZero();
      assertThat(run.out)
          .contains("[0.700, 0.750)        1        1")
          .contains("[0.750, 0.800)        1        1")
          .contains("[0.800, 0.850)        1        1")
          .contains("[0.850, 0.900)        1        1")
          .contains("[0.900, 0.950)        1        1")
          .contains("[0.950, 1.000]        2        2");
    }
  }

  @Test
  void aGzippedPairFileAsPairsWritesItIsRead() throws IOException {
    Path corpus =
        Files.writeString(
            dir.resolve("in.tsv"), "a\tthe same words here\nb\tthe same words here\n");
    Path found = dir.resolve("found.tsv.gz");
    CliRunner pairs = CliRunner.run("pairs", "-q", "-o", found.toString(), corpus.toString());
    assertThat(pairs.exitCode).as(pairs.toString()).isZero();
    Path truth = Files.writeString(dir.resolve("truth.tsv"), "a\tb\t1.000000\n");
    CliRunner run = eval(truth, found);
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out).contains("true positives   1");
  }

  @Test
  void clustersOutputIsReadAsThePairsOfEachRemovedDocumentAndItsKeptOne() throws IOException {
    Path corpus =
        Files.writeString(
            dir.resolve("in.tsv"),
            "a\tthe same words here\n"
                + "b\tthe same words here\n"
                + "c\tthe same words here\n"
                + "d\tnothing alike at all\n");
    Path found = dir.resolve("clusters.tsv");
    CliRunner clusters = CliRunner.run("clusters", "-q", "-o", found.toString(), corpus.toString());
    assertThat(clusters.exitCode).as(clusters.toString()).isZero();
    Path truth =
        Files.writeString(
            dir.resolve("truth.tsv"), "a\tb\t1.000000\na\tc\t1.000000\nb\tc\t1.000000\n");
    CliRunner run = eval(truth, found);
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out)
        .contains("found pairs      2")
        .contains("true positives   2")
        .contains("false negatives  1");
  }

  @Test
  void aByteOrderMarkIsNotPartOfTheFirstId() throws IOException {
    Path truth =
        Files.write(
            dir.resolve("bom.tsv"), ("\ufeffa\tb\t0.900000\n").getBytes(StandardCharsets.UTF_8));
    Path found = Files.writeString(dir.resolve("found.tsv"), "a\tb\t0.900000\n");
    CliRunner run = eval(truth, found);
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out).contains("true positives   1");
  }

  @Test
  void malformedPairLinesAreErrorsNotSilentlyAccepted() throws IOException {
    Path good = Files.writeString(dir.resolve("good.tsv"), "a\tb\t0.900000\n");
    Path extra = Files.writeString(dir.resolve("extra.tsv"), "a\tb\t0.5\textra\n");
    assertOneLineError(
        eval(extra, good),
        extra
            + ":1: expected idA<TAB>idB or idA<TAB>idB<TAB>similarity (or pairs --measure"
            + " containment's idA<TAB>idB<TAB>containment<TAB>a-in-b|b-in-a|both), got 4 fields");
    Path containment =
        Files.writeString(dir.resolve("containment.tsv"), "a\tb\t0.900000\ta-in-b\n");
    assertThat(eval(containment, good).exitCode)
        .isZero(); // pairs --measure containment's output reads
    Path words = Files.writeString(dir.resolve("words.txt"), "a b c d\n");
    assertOneLineError(
        eval(good, words), words + ":1: expected 'idA idB' or 'idA idB similarity', got 4 fields");
    Path conflict =
        Files.writeString(dir.resolve("conflict.tsv"), "a\tb\t0.900000\nb\ta\t0.800000\n");
    assertOneLineError(
        eval(conflict, good),
        conflict
            + ":2: pair a, b listed again with similarity 0.800000 (an earlier line says"
            + " 0.900000)");
    Path badUtf8 =
        Files.write(
            dir.resolve("latin1.tsv"),
            "a\tb\t0.9\nc\t\u00e9\t0.9\n".getBytes(StandardCharsets.ISO_8859_1));
    assertOneLineError(eval(badUtf8, good), badUtf8 + ":2: invalid UTF-8");
    Path directory = Files.createDirectories(dir.resolve("pairs.d"));
    assertOneLineError(eval(directory, good), directory + ": is a directory");
  }

  @Test
  void aTruncatedGzippedPairFileIsAnError() throws IOException {
    Path cut = dir.resolve("cut.tsv.gz");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(cut))) {
      for (int i = 0; i < 5000; i++) {
        out.write(("a" + i + "\tb" + i + "\t0.900000\n").getBytes(StandardCharsets.UTF_8));
      }
    }
    byte[] whole = Files.readAllBytes(cut);
    Files.write(cut, java.util.Arrays.copyOf(whole, whole.length / 2));
    Path good = Files.writeString(dir.resolve("good.tsv"), "a\tb\t0.900000\n");
    CliRunner run = eval(good, cut);
    assertThat(run.exitCode).as(run.toString()).isEqualTo(2);
    assertThat(run.err).startsWith("neardup: " + cut + ":").contains("truncated gzip input");
  }
}
