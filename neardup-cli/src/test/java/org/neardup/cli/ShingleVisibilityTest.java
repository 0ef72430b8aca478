package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.testkit.PlantedCorpus;

/** Shingles shown by explain and tune, and the warning when documents are too short for them. */
class ShingleVisibilityTest {
  @TempDir Path dir;

  private Path chinese() throws IOException {
    return Files.writeString(dir.resolve("zh.tsv"), PlantedCorpus.of("zh", 2).tsv());
  }

  @Test
  void whitespaceWordsOnChineseWarnAndNameTheShingleThatWorks() throws IOException {
    CliRunner run = CliRunner.run("pairs", "--shingle", "whitespace-word:5", chinese().toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.err)
        .contains(
            "neardup: warning: 36 of 36 documents (100%) are shorter than 5 whitespace-separated"
                + " words")
        .contains("use --shingle word:5 (Unicode words, any script)");
  }

  @Test
  void unicodeWordsOnChineseAreLongEnough() throws IOException {
    CliRunner run = CliRunner.run("pairs", "--shingle", "word:5", chinese().toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    // no short-document warning; the one-word edits of these sentences sit below 0.8, said apart
    assertThat(run.err)
        .doesNotContain("shorter than")
        .contains("pairs sit just below it, in [0.7, 0.8)");
  }

  @Test
  void shortTextsWarnWithASmallerK() throws IOException {
    Path input =
        Files.writeString(
            dir.resolve("short.tsv"),
            "a\tred car\nb\tblue car\nc\ta red car for sale in rome today\n");
    CliRunner run = CliRunner.run("pairs", "--shingle", "word:5", input.toString());
    assertThat(run.err)
        .contains("2 of 3 documents (67%) are shorter than 5 words")
        .contains("use --shingle char:5 for short texts, or a smaller k (--shingle word:2)");
  }

  @Test
  void explainShowsTheShinglesAndWhichDiffer() {
    CliRunner run =
        CliRunner.run(
            "explain", "--shingle", "word:2", "--text", "我们今天在北京大学学习。", "--text", "我们今天在上海大学学习。");
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out)
        .contains("shingles of A     [我们 今天] [今天 在] [在 北京] [北京 大学] [大学 学习]")
        .contains("only in A         [在 北京] [北京 大学]")
        .contains("only in B         [在 上海] [上海 大学]");
  }

  @Test
  void tuneShowsTheShinglesOfADocumentAndWarns() throws IOException {
    CliRunner run = CliRunner.run("tune", "--shingle", "whitespace-word:3", chinese().toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.out)
        .contains("documents shorter than k (one shingle each):     36 of 36")
        .contains("use --shingle word:3")
        .contains("shingles of zh-p0   [今年春天,江南地区");
    CliRunner words = CliRunner.run("tune", "--shingle", "word:3", chinese().toString());
    assertThat(words.out).contains("shingles of zh-p0   [今年 春天 江南] [春天 江南 地区]");
  }
}
