package org.neardup.batch.spill;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.batch.PairFinder;
import org.neardup.batch.corpus.Corpus;
import org.neardup.batch.corpus.CorpusBuilder;
import org.neardup.batch.corpus.Pipelines;
import org.neardup.batch.corpus.Progress;
import org.neardup.config.MemoryBudget;
import org.neardup.config.PipelineConfig;
import org.neardup.input.InputProblems;
import org.neardup.input.OnError;
import org.neardup.shingle.Shingler;
import org.neardup.synth.CorpusGenerator;
import org.neardup.synth.GeneratedCorpus;

class ShingleSetsTest {
  @TempDir Path dir;

  @Test
  void setsAreTheSameInMemoryAndSpilledAndTheFileGoesOnClose() throws IOException {
    SplittableRandom random = new SplittableRandom(6);
    long[][] hashes = new long[300][];
    for (int i = 0; i < hashes.length; i++) {
      hashes[i] =
          random.longs(random.nextInt(1, 400), -50, 50_000).toArray(); // duplicates included
    }
    // budget for roughly the first hundred documents
    ShingleSets sets = new ShingleSets(100 * 200 * 8, dir);
    for (long[] h : hashes) {
      boolean spilling = sets.spilling();
      sets.append(spilling ? Shingler.toSet(h.clone()) : h.clone(), spilling);
    }
    sets.finish();
    assertThat(sets.spilledCount()).isBetween(100, 250);
    for (int i = 0; i < hashes.length; i++) {
      long[] expected = Shingler.toSet(hashes[i].clone());
      assertThat(sets.get(i)).as("document %d", i).containsExactly(expected);
      assertThat(sets.get(i)).containsExactly(expected); // a second read gives the same
    }
    sets.close();
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files).isEmpty();
    }
  }

  @Test
  void aSpillingCorpusFindsTheSamePairs() throws IOException {
    GeneratedCorpus generated = new CorpusGenerator(2000, 0.4, 3, 0.25, 10, 80, 23).generate();
    PipelineConfig config = PipelineConfig.builder().threads(2).build();
    List<org.neardup.verify.SimilarPair> inMemory;
    try (Corpus corpus = Pipelines.corpus(config, generated)) {
      assertThat(corpus.spilledSets()).isZero();
      inMemory = PairFinder.withLsh(corpus, Progress.NONE).pairs();
    }
    try (CorpusBuilder builder =
        new CorpusBuilder(
            config,
            new InputProblems(OnError.FAIL),
            Progress.NONE,
            MemoryBudget.defaults().withShingleSetBytes(50_000).withSpillDirectory(dir),
            null)) {
      for (int i = 0; i < generated.size(); i++) {
        builder.add(
            new org.neardup.input.Document(
                generated.ids().get(i), generated.texts().get(i), "g", i + 1, i));
      }
      try (Corpus spilled = builder.build()) {
        assertThat(spilled.spilledSets()).isGreaterThan(1500);
        assertThat(PairFinder.withLsh(spilled, Progress.NONE).pairs()).isEqualTo(inMemory);
        assertThat(PairFinder.exact(spilled, Progress.NONE).pairs()).containsAll(inMemory);
      }
    }
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files).isEmpty();
    }
  }
}
