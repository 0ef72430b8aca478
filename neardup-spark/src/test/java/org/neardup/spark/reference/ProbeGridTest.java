package org.neardup.spark.reference;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.batch.BatchInput;
import org.neardup.batch.BatchRun;
import org.neardup.batch.corpus.Corpus;
import org.neardup.batch.corpus.Progress;
import org.neardup.batch.reference.ReferencePairs;
import org.neardup.batch.reference.StreamedReference;
import org.neardup.config.MemoryBudget;
import org.neardup.config.PipelineConfig;
import org.neardup.input.InputProblems;
import org.neardup.input.OnError;
import org.neardup.io.InputFormat;
import org.neardup.io.InputOptions;
import org.neardup.io.ReferenceFiles;
import org.neardup.sketch.DocumentSketcher;
import org.neardup.sketch.Sketch;
import org.neardup.spark.TestSpark;
import org.neardup.spark.corpus.SignedSplit;
import org.neardup.spark.input.HadoopConf;
import org.neardup.verify.ReferencePair;

class ProbeGridTest {
  private static final long MIB = 1L << 20;

  @Test
  void filesAreCutInOrderIntoRunsOfAboutEqualBytes() {
    List<ReferenceFile> files = new ArrayList<>();
    for (int f = 0; f < 6; f++) {
      files.add(ReferenceFile.signatures("part-" + f + ".nds"));
    }
    assertThat(sizes(ProbeGrid.inOrder(files, new long[] {10, 10, 10, 10, 10, 10}, 3)))
        .containsExactly(2, 2, 2);
    assertThat(sizes(ProbeGrid.inOrder(files, new long[] {100, 1, 1, 1, 1, 1}, 3)))
        .containsExactly(1, 1, 4);
    assertThat(sizes(ProbeGrid.inOrder(files, new long[] {1, 1, 1, 1, 1, 100}, 3)))
        .containsExactly(4, 1, 1);
    assertThat(sizes(ProbeGrid.inOrder(files, new long[] {1, 1, 1, 1, 1, 1}, 1)))
        .containsExactly(6);
    List<List<ReferenceFile>> runs = ProbeGrid.inOrder(files, new long[] {5, 1, 7, 2, 9, 3}, 4);
    assertThat(runs.stream().flatMap(List::stream).toList()).isEqualTo(files);
    assertThat(runs).hasSize(4).allSatisfy(run -> assertThat(run).isNotEmpty());
  }

  @Test
  void sharesAreAsFewAsATasksHeapHolds() {
    PipelineConfig config = PipelineConfig.builder().build();
    // 100,000 documents of 1,000 chars: a task of 1 GiB holds more of them than one of 64 MiB
    ProbeGrid.ShareBytes bytes = ProbeGrid.ShareBytes.of(config, 100_000, 100_000_000L);
    long shares = bytes.shares(1024 * MIB);
    assertThat(shares).isBetween(1L, 100L);
    assertThat(bytes.shares(64 * 1024 * MIB)).isEqualTo(1);
    assertThat(bytes.shares(64 * MIB)).isGreaterThan(shares);
    // a cluster's executors: 4 GiB, 4 cores: (4 GiB - 300 MiB) * 0.4 / 4 a task
    SparkConf conf =
        new SparkConf(false)
            .set("spark.master", "spark://cluster:7077")
            .set("spark.executor.memory", "4g")
            .set("spark.executor.cores", "4");
    assertThat(ProbeGrid.taskHeap(conf)).isEqualTo((long) ((4096 - 300) * MIB * 0.4 / 4));
    assertThat(ProbeGrid.taskHeap(conf.set("spark.task.cpus", "2")))
        .isEqualTo((long) ((4096 - 300) * MIB * 0.4 / 2));
  }

  /**
   * The pairs of a grid of several shares by several columns are those of one task over all the
   * documents and references, which are the engine's (the CLI's probe) over them.
   */
  @Test
  void everyGridFindsTheEnginesPairs(@TempDir Path dir) throws IOException {
    Random random = new Random(4545);
    List<String> words = new ArrayList<>();
    for (int w = 0; w < 400; w++) {
      words.add("w" + Integer.toString(random.nextInt(1 << 20), 36));
    }
    List<String> fresh = new ArrayList<>();
    for (int d = 0; d < 240; d++) {
      StringBuilder text = new StringBuilder();
      for (int w = 0; w < 40; w++) {
        text.append(words.get(random.nextInt(words.size()))).append(' ');
      }
      fresh.add(text.toString().trim());
    }
    List<ReferenceFile> files = new ArrayList<>();
    List<Path> paths = new ArrayList<>();
    for (int f = 0; f < 3; f++) {
      List<String> lines = new ArrayList<>();
      for (int r = 0; r < 60; r++) {
        String[] copy = fresh.get(random.nextInt(fresh.size())).split(" ");
        for (int edits = random.nextInt(3); edits > 0; edits--) {
          copy[random.nextInt(copy.length)] = words.get(random.nextInt(words.size()));
        }
        lines.add("r" + f + "-" + r + "\t" + String.join(" ", copy));
      }
      Path path = dir.resolve("ref-" + f + ".tsv");
      Files.write(path, lines, StandardCharsets.UTF_8);
      paths.add(path);
      files.add(ReferenceFile.text(path, InputOptions.of(InputFormat.TSV), false));
    }
    PipelineConfig config = PipelineConfig.builder().threshold(0.7).threads(1).build();

    Set<String> engine = new TreeSet<>();
    List<StreamedReference> opened = new ArrayList<>();
    for (Path path : paths) {
      opened.add(
          ReferenceFiles.text(
              path, InputOptions.of(InputFormat.TSV), false, new InputProblems(OnError.FAIL)));
    }
    try (Corpus corpus =
        BatchRun.readKeepingSets(
            config,
            BatchInput.ofTexts(fresh),
            new InputProblems(OnError.FAIL),
            Progress.NONE,
            MemoryBudget.defaults())) {
      ReferencePairs pairs = BatchRun.against(corpus, opened, Progress.NONE);
      for (ReferencePair pair : pairs) {
        engine.add(
            "n"
                + corpus.id(pair.document())
                + "\t"
                + pairs.referenceId(pair.reference())
                + "\t"
                + pair.similarity());
      }
    } finally {
      opened.forEach(StreamedReference::close);
    }
    assertThat(engine).hasSizeGreaterThan(30);

    JavaSparkContext context =
        JavaSparkContext.fromSparkContext(TestSpark.session().sparkContext());
    DocumentSketcher sketcher = DocumentSketcher.create(config.sketch());
    List<SignedSplit> splits = new ArrayList<>();
    for (int s = 0; s < 6; s++) {
      SignedSplit.Builder split =
          new SignedSplit.Builder(s, config.minHash().numPermutations(), true);
      for (int i = 0; i < 40; i++) {
        String text = fresh.get(40 * s + i);
        Sketch sketch = sketcher.sketch(text);
        split.add(
            (long) s << 32 | i,
            "n" + (40 * s + i),
            text.length(),
            0,
            0,
            0,
            sketch.signature(),
            0,
            text,
            i);
      }
      splits.add(split.build());
    }
    JavaRDD<SignedSplit> rdd = context.parallelize(splits, splits.size());
    HadoopConf hadoop = new HadoopConf(context.hadoopConfiguration());
    for (ProbeGrid grid :
        List.of(
            new ProbeGrid(1, List.of(files)),
            new ProbeGrid(3, List.of(files.subList(0, 1), files.subList(1, 3))),
            new ProbeGrid(
                6, List.of(files.subList(0, 1), files.subList(1, 2), files.subList(2, 3))))) {
      Set<String> found = new TreeSet<>();
      for (ReferenceMatch match :
          References.pairs(rdd, config, OnError.FAIL, grid, 256 * MIB, hadoop).collect()) {
        assertThat(match.ordinal() >>> 32).isEqualTo(Long.parseLong(match.id().substring(1)) / 40);
        found.add(match.id() + "\t" + match.referenceId() + "\t" + match.similarity());
      }
      assertThat(found)
          .as("%d shares, %d columns", grid.shares(), grid.columns().size())
          .isEqualTo(engine);
    }
  }

  private static List<Integer> sizes(List<List<ReferenceFile>> runs) {
    return runs.stream().map(List::size).toList();
  }
}
