package org.neardup.tune;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.neardup.batch.corpus.Corpus;
import org.neardup.config.PipelineConfig;
import org.neardup.lsh.LshIndex;
import org.neardup.lsh.LshParams;
import org.neardup.minhash.Signatures;
import org.neardup.synth.CorpusGenerator;
import org.neardup.verify.Jaccard;

class PairExplanationTest {
  private static final PipelineConfig DEFAULTS = PipelineConfig.builder().threads(2).build();

  @Test
  void countsMatchTheSetsAndTheSimilarityIsExactJaccard() {
    Corpus corpus = TuneFixtures.corpus(DEFAULTS, List.of("abcdefgh", "abcdefxy"));
    PairExplanation explanation =
        PairExplanation.of(
            corpus.shingles(0),
            corpus.shingles(1),
            corpus.signature(0),
            corpus.signature(1),
            LshParams.of(21, 6));
    // char:5 shingles: abcde bcdef cdefg defgh / abcde bcdef cdefx defxy
    assertThat(explanation.sizeA()).isEqualTo(4);
    assertThat(explanation.sizeB()).isEqualTo(4);
    assertThat(explanation.intersection()).isEqualTo(2);
    assertThat(explanation.union()).isEqualTo(6);
    assertThat(explanation.similarity()).isEqualTo(2.0 / 6);
    assertThat(explanation.bands()).isEqualTo(21);
    assertThat(explanation.signatureLength()).isEqualTo(128);
  }

  /**
   * Property over 300 seeded random pairs of a generated corpus: the numbers agree with Jaccard,
   * Signatures, a band-by-band comparison of the raw values, and an {@link LshIndex} query.
   */
  @Test
  void agreesWithJaccardSignaturesAndTheIndexOnRandomPairs() {
    Corpus corpus =
        TuneFixtures.corpus(DEFAULTS, new CorpusGenerator(400, 0.6, 3, 0.3, 5, 30, 9).generate());
    LshParams params = LshParams.of(16, 8);
    LshIndex<Integer> index = new LshIndex<>(params);
    for (int i = 0; i < corpus.size(); i++) index.insert(i, corpus.signature(i));
    SplittableRandom random = new SplittableRandom(0xE4);
    int candidates = 0;
    for (int trial = 0; trial < 300; trial++) {
      int i = random.nextInt(corpus.size());
      int j =
          trial % 3 == 0 ? index.query(corpus.signature(i)).get(0) : random.nextInt(corpus.size());
      if (i == j) continue;
      long[] a = corpus.shingles(i);
      long[] b = corpus.shingles(j);
      PairExplanation e =
          PairExplanation.of(a, b, corpus.signature(i), corpus.signature(j), params);
      assertThat(e.similarity()).isEqualTo(Jaccard.similarity(a, b));
      assertThat(e.intersection()).isEqualTo(Jaccard.intersectionSize(a, b));
      assertThat(e.union()).isEqualTo(a.length + b.length - e.intersection());
      assertThat(e.estimate())
          .isEqualTo(Signatures.estimateSimilarity(corpus.signature(i), corpus.signature(j)));
      for (int band = 0; band < params.bands(); band++) {
        int from = band * params.rows();
        boolean equal =
            Arrays.equals(
                corpus.signature(i),
                from,
                from + params.rows(),
                corpus.signature(j),
                from,
                from + params.rows());
        assertThat(e.agreeingBands().contains(band)).isEqualTo(equal);
      }
      assertThat(e.candidate()).isEqualTo(index.query(corpus.signature(i)).contains(j));
      if (e.candidate()) candidates++;
    }
    assertThat(candidates).isGreaterThan(20);
  }
}
