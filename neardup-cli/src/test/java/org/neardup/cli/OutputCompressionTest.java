package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.luben.zstd.ZstdInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every file a command writes is compressed as its name says: {@code .gz} with gzip, {@code .zst}
 * with zstd; a name that says a compression neardup does not write is refused in one line before
 * anything is read, and an input compressed in a way neardup does not read is named as such.
 */
class OutputCompressionTest {
  private static final String TSV =
      "a\tthe quick brown fox jumps over the lazy dog\n"
          + "b\tsomething completely different is written here\n"
          + "c\tthe quick brown fox jumps over the lazy dog!\n"
          + "d\tsomething completely different is written here.\n"
          + "e\ta third text that is like no other one\n";

  @TempDir Path dir;

  private Path corpus() throws IOException {
    return Files.writeString(dir.resolve("corpus.tsv"), TSV);
  }

  private static boolean isZstd(byte[] bytes) {
    return bytes.length >= 4
        && (bytes[0] & 0xff) == 0x28
        && (bytes[1] & 0xff) == 0xb5
        && (bytes[2] & 0xff) == 0x2f
        && (bytes[3] & 0xff) == 0xfd;
  }

  private static boolean isGzip(byte[] bytes) {
    return bytes.length >= 2 && (bytes[0] & 0xff) == 0x1f && (bytes[1] & 0xff) == 0x8b;
  }

  /** The text of a compressed file, checking it is compressed as its name says. */
  private static String text(Path file) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    String name = file.getFileName().toString();
    InputStream in;
    if (name.endsWith(".zst")) {
      assertThat(isZstd(bytes)).as(name + " is zstd").isTrue();
      in = new ZstdInputStream(new ByteArrayInputStream(bytes));
    } else {
      assertThat(isGzip(bytes)).as(name + " is gzip").isTrue();
      in = new GZIPInputStream(new ByteArrayInputStream(bytes));
    }
    try (in) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void pairsAndClustersWriteZstdAndGzipAsNamed() throws IOException {
    Path input = corpus();
    String plain = CliRunner.run("pairs", "-q", input.toString()).out;
    assertThat(plain).contains("a\tc\t");
    for (String name : new String[] {"pairs.tsv.zst", "pairs.tsv.gz"}) {
      CliRunner run = CliRunner.run("pairs", "-q", "-o", dir.resolve(name).toString(), "" + input);
      assertThat(run.exitCode).as(run.toString()).isZero();
      assertThat(text(dir.resolve(name))).isEqualTo(plain);
    }
    String clusters = CliRunner.run("clusters", "-q", input.toString()).out;
    CliRunner run =
        CliRunner.run("clusters", "-q", "-o", dir.resolve("c.tsv.zst").toString(), "" + input);
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(text(dir.resolve("c.tsv.zst"))).isEqualTo(clusters);

    // eval reads what pairs wrote, zstd included
    Path truth = Files.writeString(dir.resolve("truth.tsv"), "a\tc\nb\td\n");
    CliRunner eval =
        CliRunner.run(
            "eval", "--truth", truth.toString(), "--found", dir.resolve("pairs.tsv.zst") + "");
    assertThat(eval.exitCode).as(eval.toString()).isZero();
    assertThat(eval.out).contains("recall");
  }

  @Test
  void dedupCompressesTheCleanCopyTheRemovedAndTheRejectsAsNamed() throws IOException {
    Path input = Files.writeString(dir.resolve("corpus.tsv"), TSV + "no-text-here\n");
    Path clean = dir.resolve("clean.tsv.zst");
    Path removed = dir.resolve("removed.tsv.gz");
    CliRunner run =
        CliRunner.run(
            "dedup",
            "-q",
            "--on-error",
            "skip",
            "-o",
            clean.toString(),
            "--removed",
            removed.toString(),
            input.toString());
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(text(clean)).isEqualTo(keepLines("a", "b", "e"));
    assertThat(text(removed)).isEqualTo(keepLines("c", "d"));
    assertThat(text(dir.resolve("clean.rejects.tsv.zst"))).isEqualTo("no-text-here\n");
  }

  private static String keepLines(String... ids) {
    StringBuilder out = new StringBuilder();
    for (String line : TSV.split("\n")) {
      for (String id : ids) {
        if (line.startsWith(id + "\t")) {
          out.append(line).append('\n');
        }
      }
    }
    return out.toString();
  }

  @Test
  void signAndGenerateWriteZstdThatTheCommandsReadBack() throws IOException {
    Path input = corpus();
    Path signatures = dir.resolve("sigs.nds.zst");
    CliRunner sign = CliRunner.run("sign", "-q", "-o", signatures.toString(), input.toString());
    assertThat(sign.exitCode).as(sign.toString()).isZero();
    assertThat(isZstd(Files.readAllBytes(signatures))).isTrue();
    CliRunner pairs = CliRunner.run("pairs", "-q", "--signatures", signatures.toString());
    assertThat(pairs.exitCode).as(pairs.toString()).isZero();
    assertThat(pairs.out).isEqualTo(CliRunner.run("pairs", "-q", input.toString()).out);

    Path generated = dir.resolve("gen.tsv.zst");
    Path truth = dir.resolve("gen.truth.zst");
    CliRunner generate =
        CliRunner.run(
            "generate",
            "-q",
            "--documents",
            "50",
            "-o",
            generated.toString(),
            "--truth",
            truth.toString());
    assertThat(generate.exitCode).as(generate.toString()).isZero();
    assertThat(text(generated).lines()).hasSize(50);
    assertThat(text(truth)).isNotEmpty();
  }

  @Test
  void aNameOfACompressionThatIsNotWrittenIsRefusedInOneLineBeforeAnyWork() throws IOException {
    Path input = corpus();
    for (String[] args :
        new String[][] {
          {"dedup", "-o", dir.resolve("clean.tsv.bz2").toString(), input.toString()},
          {"dedup", "-o", dir.resolve("clean.tsv").toString(), "--removed", dir + "/r.tsv.xz", ""},
          {"pairs", "-o", dir.resolve("pairs.tsv.lz4").toString(), input.toString()},
        }) {
      String[] command = args[args.length - 1].isEmpty() ? withInput(args, input) : args;
      CliRunner run = CliRunner.run(command);
      assertThat(run.exitCode).as(run.toString()).isEqualTo(ExitCodes.BAD_INPUT);
      assertThat(run.err.strip().lines()).as(run.toString()).hasSize(1);
      assertThat(run.err).contains("neardup does not write", ".gz", ".zst");
    }
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactly("corpus.tsv");
    }
  }

  private static String[] withInput(String[] args, Path input) {
    String[] command = args.clone();
    command[command.length - 1] = input.toString();
    return command;
  }

  @Test
  void aDirectoryOutputNamedAsCompressedIsRefused() throws IOException {
    Path texts = Files.createDirectory(dir.resolve("texts"));
    Files.writeString(texts.resolve("a.txt"), "the quick brown fox jumps over the lazy dog");
    Files.writeString(texts.resolve("b.txt"), "the quick brown fox jumps over the lazy dog!");
    CliRunner run =
        CliRunner.run("dedup", "-o", dir.resolve("clean.gz").toString(), texts.toString());
    assertThat(run.exitCode).as(run.toString()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(run.err).contains("clean.gz", "not compressed", "without .gz");
    assertThat(dir.resolve("clean.gz")).doesNotExist();
  }

  @Test
  void aParquetCopyNamedAsCompressedAsAWholeIsRefused() throws IOException {
    Path parquet = Files.write(dir.resolve("in.parquet"), new byte[] {'P', 'A', 'R', '1'});
    CliRunner run =
        CliRunner.run("dedup", "-o", dir.resolve("clean.parquet.zst").toString(), "" + parquet);
    assertThat(run.exitCode).as(run.toString()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(run.err).contains("clean.parquet.zst", "without .zst");
  }

  @Test
  void anInputCompressedInAWayNotReadSaysSoInsteadOfReadingItsBytesAsText() throws IOException {
    // the bzip2 stream of "a\tb\n" (bzip2 -c), enough for its magic and first block header
    byte[] bzip2 = {
      'B', 'Z', 'h', '9', 0x31, 0x41, 0x59, 0x26, 0x53, 0x59, 0x12, 0x34, 0x56, 0x78, 0, 0, 0, 0
    };
    Path input = Files.write(dir.resolve("corpus.txt"), bzip2);
    CliRunner run = CliRunner.run("pairs", input.toString());
    assertThat(run.exitCode).as(run.toString()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(run.err).contains("corpus.txt: compressed with bzip2", "gzip and zstd");
  }
}
