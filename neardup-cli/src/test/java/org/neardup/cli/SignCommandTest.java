package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.neardup.cli.CliRunner.ok;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code sign}, then {@code pairs --signatures}: the same pairs without the text. */
class SignCommandTest {
  @TempDir Path dir;

  private Path generated() {
    Path corpus = dir.resolve("corpus.tsv");
    CliRunner run =
        CliRunner.run("generate", "--documents", "3000", "--seed", "5", "-o", corpus.toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    return corpus;
  }

  @Test
  void pairsFromASignatureFileWithSetsAreExactlyThePairsOfTheText() {
    Path corpus = generated();
    Path sigs = dir.resolve("sigs.nds");
    ok("sign", "-q", "--shingle", "char:7", "-o", sigs.toString(), corpus.toString());
    String fromText = ok("pairs", "-q", "--shingle", "char:7", corpus.toString()).out;
    String fromSignatures = ok("pairs", "-q", "--signatures", sigs.toString()).out;
    assertThat(fromText.lines().count()).isGreaterThan(300);
    assertThat(fromSignatures).isEqualTo(fromText);
    // the same sketch options, given again, are accepted; clusters read signatures too
    assertThat(ok("pairs", "-q", "--shingle", "char:7", "--signatures", sigs.toString()).out)
        .isEqualTo(fromText);
    assertThat(ok("clusters", "-q", "--signatures", sigs.toString()).out)
        .isEqualTo(ok("clusters", "-q", "--shingle", "char:7", corpus.toString()).out);
  }

  /**
   * {@code sign} writes version 2 (compact shingle sets); a version 1 file (the core's golden file,
   * written before it) still gives the pairs of the text, to {@code pairs} and to {@code index
   * build}.
   */
  @Test
  void aVersion1FileStillReadsAndSignWritesTheCompactVersion2() throws IOException {
    Path texts = dir.resolve("golden.tsv");
    Files.writeString(
        texts,
        "doc-0\tThe quick brown fox jumps over the lazy dog.\n"
            + "doc-1\tThe quick brown fox jumped over the lazy dog!\n"
            + "doc-2\t\u00dcn\u00efc\u00f6d\u00e9: \ud83d\ude00 ok\n");
    Path v1 = Path.of("../neardup-core/src/test/resources/golden/signature-file-v1-n16.nds");
    Path v2 = dir.resolve("v2.nds");
    ok("sign", "-q", "--permutations", "16", "-o", v2.toString(), texts.toString());
    assertThat(Files.readAllBytes(v2)[4]).isEqualTo((byte) 2);
    assertThat(Files.size(v2)).isLessThan(Files.size(v1));
    String fromText =
        ok("pairs", "-q", "--exact", "-t", "0.5", "--permutations", "16", texts.toString()).out;
    assertThat(fromText).startsWith("doc-0\tdoc-1\t");
    assertThat(ok("pairs", "-q", "--exact", "-t", "0.5", "--signatures", v1.toString()).out)
        .isEqualTo(fromText);
    assertThat(ok("pairs", "-q", "--exact", "-t", "0.5", "--signatures", v2.toString()).out)
        .isEqualTo(fromText);
    for (Path file : new Path[] {v1, v2}) {
      Path index = dir.resolve("index-" + file.getFileName());
      ok(
          "index",
          "build",
          "-q",
          "--data",
          index.toString(),
          "-t",
          "0.5",
          "--permutations",
          "16",
          "--signatures",
          file.toString());
      assertThat(ok("index", "stats", "--data", index.toString()).out)
          .containsPattern("documents +3\\b");
    }
  }

  @Test
  void aSignaturesOnlyFileGivesWhatEstimateGives() throws IOException {
    Path corpus = generated();
    Path sigs = dir.resolve("sigs.nds.gz");
    ok("sign", "-q", "--signatures-only", "-o", sigs.toString(), corpus.toString());
    assertThat(Files.size(sigs)).isLessThan(Files.size(corpus));
    CliRunner fromSignatures = ok("pairs", "--signatures", sigs.toString());
    assertThat(fromSignatures.out)
        .isEqualTo(ok("pairs", "-q", "--estimate", corpus.toString()).out);
    assertThat(fromSignatures.err).contains("no shingle sets").contains("as with --estimate");
  }

  @Test
  void incompatibleSettingsAndBadFilesAreClearErrors() throws IOException {
    Path corpus = generated();
    Path sigs = dir.resolve("sigs.nds");
    ok("sign", "-q", "-o", sigs.toString(), corpus.toString());

    CliRunner other =
        CliRunner.run("pairs", "--shingle", "word:3", "--signatures", sigs.toString());
    assertThat(other.exitCode).isEqualTo(2);
    assertThat(other.err)
        .contains(sigs + ": signatures made with shingle=char:5")
        .contains("the options say shingle=word:3");

    Path other2 = dir.resolve("other.nds");
    ok("sign", "-q", "--seed", "2", "-o", other2.toString(), corpus.toString());
    CliRunner mixed =
        CliRunner.run("pairs", "--signatures", sigs.toString(), "--signatures", other2.toString());
    assertThat(mixed.exitCode).isEqualTo(2);
    assertThat(mixed.err).contains(other2 + ": made with other settings than " + sigs);

    byte[] bytes = Files.readAllBytes(sigs);
    Path truncated =
        Files.write(dir.resolve("truncated.nds"), Arrays.copyOf(bytes, bytes.length - 5));
    CliRunner cut = CliRunner.run("pairs", "--signatures", truncated.toString());
    assertThat(cut.exitCode).isEqualTo(2);
    assertThat(cut.err).contains(truncated + ": truncated entry").doesNotContain("Exception");

    CliRunner text = CliRunner.run("pairs", "--signatures", corpus.toString());
    assertThat(text.exitCode).isEqualTo(2);
    assertThat(text.err).contains("not a neardup signature file");

    Path onlySignatures = dir.resolve("only.nds");
    ok("sign", "-q", "--signatures-only", "-o", onlySignatures.toString(), corpus.toString());
    CliRunner exact = CliRunner.run("pairs", "--exact", "--signatures", onlySignatures.toString());
    assertThat(exact.exitCode).isEqualTo(2);
    assertThat(exact.err).contains("--exact needs shingle sets");

    assertThat(CliRunner.run("pairs").err).contains("missing INPUT");
    assertThat(CliRunner.run("sign", corpus.toString()).exitCode).isEqualTo(2); // -o is required
  }

  @Test
  void kijijiFromItsSignatureFileGivesTheSamePairs() {
    Path kijiji = Kijiji.file();
    String[] options = Kijiji.options("--shingle", "char:10");
    Path sigs = dir.resolve("kijiji.nds");
    String[] sign =
        concat(new String[] {"sign", "-q", "-o", sigs.toString()}, options, kijiji.toString());
    ok(sign);
    String fromText = ok(concat(new String[] {"pairs", "-q"}, options, kijiji.toString())).out;
    assertThat(fromText.lines().count()).isGreaterThan(10_000);
    assertThat(ok("pairs", "-q", "--signatures", sigs.toString()).out).isEqualTo(fromText);
  }

  private static String[] concat(String[] head, String[] middle, String last) {
    String[] all = Arrays.copyOf(head, head.length + middle.length + 1);
    System.arraycopy(middle, 0, all, head.length, middle.length);
    all[all.length - 1] = last;
    return all;
  }
}
