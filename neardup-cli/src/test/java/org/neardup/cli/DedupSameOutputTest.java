package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dedup} refuses two outputs that are one file (-o, --removed, --rejects, --manifest,
 * --signatures-out), however it is named: the same path, another spelling of it, a symbolic link to
 * it (also to one not yet written), a hard link; nothing is written and an existing file is left as
 * it was.
 */
class DedupSameOutputTest {
  @TempDir Path dir;

  private Path input() throws Exception {
    Path input = dir.resolve("in.tsv");
    Files.writeString(
        input,
        "a1\tCheap flat near the station, two rooms and a kitchen\n"
            + "a2\tCheap flat near the station, two rooms and a kitchen!!\n"
            + "b1\tA completely unrelated text about gardening tools\n");
    return input;
  }

  private static void assertRefused(CliRunner run) {
    assertThat(run.exitCode).as(run.toString()).isEqualTo(2);
    assertThat(run.err).as(run.toString()).startsWith("neardup: ").contains("are the same file");
    assertThat(run.err.strip().lines().count()).as(run.toString()).isEqualTo(1);
  }

  @Test
  void twoOutputsThatAreOneFileAreRefusedAndNothingIsWritten() throws Exception {
    Path input = input();
    Path clean = dir.resolve("clean.tsv");
    String in = input.toString();
    assertRefused(
        CliRunner.run("dedup", "-q", "-o", clean.toString(), "--removed", clean.toString(), in));
    assertThat(clean).doesNotExist();
    assertRefused(
        CliRunner.run(
            "dedup", "-q", "-o", clean.toString(), "--removed", dir + "/./x/../clean.tsv", in));
    Path link = dir.resolve("link.tsv");
    Files.createSymbolicLink(link, clean); // to a file not written yet
    assertRefused(
        CliRunner.run("dedup", "-q", "-o", clean.toString(), "--removed", link.toString(), in));
    assertRefused(
        CliRunner.run("dedup", "-q", "-o", clean.toString(), "--rejects", link.toString(), in));
    assertRefused(
        CliRunner.run("dedup", "-q", "-o", clean.toString(), "--manifest", link.toString(), in));
    assertRefused(
        CliRunner.run(
            "dedup",
            "-q",
            "-o",
            clean.toString(),
            "--manifest",
            dir.resolve("run.json").toString(),
            "--signatures-out",
            dir.resolve("run.json").toString(),
            in));
    assertThat(dir.resolve("run.json")).doesNotExist();

    Files.writeString(clean, "kept\n");
    Path hard = dir.resolve("hard.tsv");
    Files.createLink(hard, clean);
    assertRefused(
        CliRunner.run("dedup", "-q", "-o", hard.toString(), "--removed", clean.toString(), in));
    assertThat(Files.readString(clean)).isEqualTo("kept\n");
    assertRefused(
        CliRunner.run(
            "dedup",
            "-q",
            "-o",
            clean.toString(),
            "--removed",
            dir.resolve("clean.rejects.tsv").toString(),
            in));

    CliRunner fine =
        CliRunner.run(
            "dedup",
            "-q",
            "-o",
            dir.resolve("out.tsv").toString(),
            "--removed",
            dir.resolve("removed.tsv").toString(),
            in);
    assertThat(fine.exitCode).as(fine.toString()).isZero();
    assertThat(Files.readString(dir.resolve("removed.tsv"))).startsWith("a2\t");
  }
}
