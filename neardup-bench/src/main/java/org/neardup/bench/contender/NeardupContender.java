package org.neardup.bench.contender;

import org.neardup.batch.corpus.Corpus;
import org.neardup.batch.corpus.CorpusBuilder;
import org.neardup.batch.corpus.PairResult;
import org.neardup.batch.corpus.Progress;
import org.neardup.config.PipelineConfig;
import org.neardup.input.Document;
import org.neardup.input.InputProblems;
import org.neardup.input.OnError;
import org.neardup.io.DocumentReader;
import org.neardup.io.DocumentReaders;
import org.neardup.io.InputFormat;
import org.neardup.io.InputOptions;
import org.neardup.minhash.MinHashConfig;

/**
 * neardup as a library user runs it: the library defaults ({@code PipelineConfig.builder()}) with
 * the benchmark's threshold, shingle and signature length, a {@link CorpusBuilder} fed by the TSV
 * reader, then one {@code PairFinder} method. A subclass names the method.
 */
abstract class NeardupContender implements Contender {
  /** The pairs of {@code corpus} by the {@code PairFinder} method this contender measures. */
  abstract PairResult find(Corpus corpus);

  @Override
  public ContenderOutcome run(BenchSettings settings, Phases phases) throws Exception {
    PipelineConfig config =
        PipelineConfig.builder()
            .threshold(settings.threshold())
            .shingle(settings.shingle())
            .minHash(MinHashConfig.DEFAULT.withNumPermutations(settings.permutations()))
            .build();
    Corpus corpus = phases.time("read+shingle+sign", () -> read(settings, config));
    PairResult result = phases.time("pairs", () -> find(corpus));
    String[] ids = new String[corpus.size()];
    for (int i = 0; i < ids.length; i++) {
      ids[i] = corpus.id(i);
    }
    String parameters = result.lshParams() == null ? "exact join" : result.lshParams().toString();
    return new ContenderOutcome(ids, result.pairs(), result.candidatePairs(), parameters);
  }

  private static Corpus read(BenchSettings settings, PipelineConfig config) {
    InputProblems problems = new InputProblems(OnError.FAIL);
    try (CorpusBuilder builder = new CorpusBuilder(config, problems, Progress.NONE);
        DocumentReader reader =
            DocumentReaders.open(settings.corpus(), InputOptions.of(InputFormat.TSV), problems)) {
      for (Document d; (d = reader.next()) != null; ) {
        builder.add(d);
      }
      return builder.build();
    }
  }
}
