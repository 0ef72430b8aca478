package org.neardup.bench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.neardup.bench.contender.BenchSettings;
import org.neardup.eval.BandRecall;
import org.neardup.eval.Evaluation;
import org.neardup.shingle.ShingleConfig;

class MarkdownReportTest {
  @Test
  void aContenderThatLooksForNoPairsHasNoRecallOrPrecisionInTheTable() {
    List<BandRecall> bands =
        List.of(new BandRecall(0.8, 0.9, 10, 9), new BandRecall(0.9, 1.0, 10, 10));
    RunRecord lsh =
        new RunRecord(
            "neardup-lsh",
            "lsh",
            RunRecord.OK,
            "",
            1.24,
            204_800,
            500,
            19,
            "bands=21 rows=6",
            Map.of("pairs", 0.5),
            new Evaluation(19, 0, 1),
            bands);
    RunRecord baseline =
        new RunRecord(
            "read-and-hash",
            "baseline",
            RunRecord.OK,
            "",
            0.5,
            102_400,
            -1,
            0,
            "",
            Map.of("read+hash", 0.3),
            null,
            List.of());
    BenchSettings settings =
        new BenchSettings(
            Path.of("corpus.tsv"), 0.8, ShingleConfig.parse("char:5"), 128, 1, 10, 10, 5, 0);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    MarkdownReport.print(
        new PrintStream(bytes, true, StandardCharsets.UTF_8),
        settings,
        100,
        20,
        Map.of("cores", "2"),
        List.of(lsh, baseline));

    String table = bytes.toString(StandardCharsets.UTF_8);
    assertThat(table)
        .contains("| neardup-lsh | 1.2 | 200 | 500 | 19 | 0.95000 | 1.0000 | 0.9000 | 1.0000 |");
    assertThat(table).contains("| read-and-hash | 0.5 | 100 | n/a | 0 | — | — | — | — |");
  }
}
