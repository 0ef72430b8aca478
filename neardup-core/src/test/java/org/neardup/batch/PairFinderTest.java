package org.neardup.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.neardup.batch.corpus.Pipelines.corpus;
import static org.neardup.batch.corpus.Pipelines.idPairs;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.neardup.batch.corpus.Corpus;
import org.neardup.batch.corpus.PairResult;
import org.neardup.batch.corpus.Progress;
import org.neardup.config.PipelineConfig;
import org.neardup.eval.BandRecall;
import org.neardup.eval.IdPair;
import org.neardup.eval.PairEvaluator;
import org.neardup.input.Document;
import org.neardup.lsh.LshParams;
import org.neardup.shingle.ShingleConfig;
import org.neardup.synth.CorpusGenerator;
import org.neardup.synth.GeneratedCorpus;
import org.neardup.verify.Jaccard;
import org.neardup.verify.SimilarPair;
import org.neardup.verify.VerifyMode;

class PairFinderTest {
  private static final PipelineConfig DEFAULTS = PipelineConfig.builder().threads(2).build();

  private static final GeneratedCorpus GRADED =
      new CorpusGenerator(3000, 0.4, 3, 0.25, 10, 80, 11).generate();

  @Test
  void defaultsFindAtLeast99PercentOfTrueAbovePairsInEveryBandWithPrecisionOne() {
    Corpus corpus = corpus(DEFAULTS, GRADED);
    PairResult lsh = PairFinder.withLsh(corpus, Progress.NONE);
    PairResult exact = PairFinder.bruteForce(corpus, Progress.NONE);
    Map<IdPair, Double> truth = new HashMap<>();
    for (SimilarPair pair : exact.pairs()) {
      truth.put(IdPair.of(corpus.id(pair.first()), corpus.id(pair.second())), pair.similarity());
    }
    Set<IdPair> found = idPairs(corpus, lsh.pairs());
    assertThat(truth).hasSizeGreaterThan(300);
    assertThat(truth.keySet()).containsAll(found); // precision 1
    List<BandRecall> bands = PairEvaluator.recallByBand(truth, found, 0.8, 0.05);
    for (BandRecall band : bands) {
      assertThat(band.truthPairs()).as("pairs in %s", band).isGreaterThan(20);
      assertThat(band.recall())
          .as("recall in [%.2f, %.2f)", band.from(), band.to())
          .isGreaterThanOrEqualTo(0.99);
    }
    assertThat(lsh.lshParams()).isEqualTo(LshParams.of(21, 6));
  }

  @Test
  void lshCountsTheCandidatesJustBelowTheThresholdAmongThePairsThere() {
    Corpus corpus = corpus(DEFAULTS, GRADED);
    PairResult lsh = PairFinder.withLsh(corpus, Progress.NONE);
    Corpus corpusAtLower =
        corpus(PipelineConfig.builder().threads(2).threshold(0.7).build(), GRADED);
    long band =
        PairFinder.bruteForce(corpusAtLower, Progress.NONE).pairs().stream()
            .filter(pair -> pair.similarity() < 0.8)
            .count();
    // every pair of the band is a candidate with P >= 0.93 (21 bands of 6 rows at J = 0.7) and
    // passes the signature filter nearly always: the count is a lower bound, and near the band's
    assertThat(band).isGreaterThan(50);
    assertThat(lsh.nearMisses()).isBetween((long) (0.85 * band), band);
    assertThat(PairFinder.bruteForce(corpus, Progress.NONE).nearMisses()).isEqualTo(-1);
  }

  @Test
  void verifiedPairsCarryTheirExactJaccard() {
    Corpus corpus = corpus(DEFAULTS, GRADED);
    for (SimilarPair pair : PairFinder.withLsh(corpus, Progress.NONE).pairs()) {
      double exact =
          Jaccard.similarity(corpus.shingles(pair.first()), corpus.shingles(pair.second()));
      assertThat(pair.similarity()).isEqualTo(exact).isGreaterThanOrEqualTo(0.8);
    }
  }

  @Test
  void bruteForceEqualsTheAllPairsDefinition() {
    GeneratedCorpus small = new CorpusGenerator(300, 0.5, 3, 0.3, 3, 30, 5).generate();
    PipelineConfig config = DEFAULTS.toBuilder().threshold(0.6).build();
    Corpus corpus = corpus(config, small);
    Set<IdPair> expected = new java.util.HashSet<>();
    for (int i = 0; i < corpus.size(); i++) {
      for (int j = i + 1; j < corpus.size(); j++) {
        if (Jaccard.similarity(corpus.shingles(i), corpus.shingles(j)) >= 0.6) {
          expected.add(IdPair.of(corpus.id(i), corpus.id(j)));
        }
      }
    }
    assertThat(expected).isNotEmpty();
    assertThat(idPairs(corpus, PairFinder.bruteForce(corpus, Progress.NONE).pairs()))
        .isEqualTo(expected);
  }

  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(doubles = {0.3, 0.5, 0.7, 0.8, 0.9, 0.95, 1.0})
  void prefixFilterJoinGivesTheBruteForceAnswerWithItsSimilarities(double threshold) {
    // short and long documents, many exact copies, and word shingles for variety in set sizes
    GeneratedCorpus mixed = new CorpusGenerator(1500, 0.5, 4, 0.3, 1, 60, 17).generate();
    for (ShingleConfig shingle : List.of(ShingleConfig.chars(5), ShingleConfig.words(2))) {
      PipelineConfig config = DEFAULTS.toBuilder().threshold(threshold).shingle(shingle).build();
      Corpus corpus = corpus(config, mixed);
      PairResult brute = PairFinder.bruteForce(corpus, Progress.NONE);
      PairResult prefix = PairFinder.exact(corpus, Progress.NONE);
      assertThat(brute.pairs()).as("pairs at %s with %s", threshold, shingle).isNotEmpty();
      assertThat(prefix.pairs())
          .as("threshold %s, %s", threshold, shingle)
          .isEqualTo(brute.pairs());
      assertThat(prefix.candidatePairs()).isLessThanOrEqualTo(brute.candidatePairs());
    }
  }

  @Test
  void resultsDoNotDependOnTheNumberOfThreads() {
    List<SimilarPair> one =
        PairFinder.withLsh(corpus(DEFAULTS.toBuilder().threads(1).build(), GRADED), Progress.NONE)
            .pairs();
    List<SimilarPair> three =
        PairFinder.withLsh(corpus(DEFAULTS.toBuilder().threads(3).build(), GRADED), Progress.NONE)
            .pairs();
    assertThat(three).isEqualTo(one);
  }

  @Test
  void estimateModeReportsSignatureAgreementAndKeepsNoShingles() {
    PipelineConfig config = DEFAULTS.toBuilder().verify(VerifyMode.ESTIMATE).build();
    Corpus corpus = corpus(config, GRADED);
    assertThat(corpus.shingles(0)).isNull();
    List<SimilarPair> pairs = PairFinder.withLsh(corpus, Progress.NONE).pairs();
    assertThat(pairs).isNotEmpty();
    for (SimilarPair pair : pairs) {
      double estimate =
          org.neardup.minhash.Signatures.estimateSimilarity(
              corpus.signature(pair.first()), corpus.signature(pair.second()));
      assertThat(pair.similarity()).isEqualTo(estimate).isGreaterThanOrEqualTo(0.8);
    }
    assertThatThrownBy(() -> PairFinder.bruteForce(corpus, Progress.NONE))
        .hasMessageContaining("needs shingle sets");
    assertThatThrownBy(() -> PairFinder.exact(corpus, Progress.NONE))
        .hasMessageContaining("needs shingle sets");
  }

  @Test
  void identicalShortDocumentsArePairsAndWordShinglesWork() {
    List<Document> documents =
        List.of(
            doc("a", "Hi"),
            doc("b", "  hi "),
            doc("c", "the cat sat on the mat today"),
            doc("d", "The cat sat on the mat today!"),
            doc("e", "something else entirely here now"));
    Corpus corpus =
        corpus(DEFAULTS.toBuilder().shingle(ShingleConfig.whitespaceWords(3)).build(), documents);
    assertThat(corpus.shortDocuments()).isEqualTo(2);
    List<SimilarPair> pairs = PairFinder.withLsh(corpus, Progress.NONE).pairs();
    assertThat(idPairs(corpus, pairs)).containsExactlyInAnyOrder(IdPair.of("a", "b"));
    // "today!" vs "today": 4 of 5 word 3-shingles shared per side -> J = 4/6
    assertThat(Jaccard.similarity(corpus.shingles(2), corpus.shingles(3))).isEqualTo(4.0 / 6);

    // Unicode words: "!" is not a word, so c and d have the same shingles
    Corpus words = corpus(DEFAULTS.toBuilder().shingle(ShingleConfig.words(3)).build(), documents);
    assertThat(idPairs(words, PairFinder.withLsh(words, Progress.NONE).pairs()))
        .containsExactlyInAnyOrder(IdPair.of("a", "b"), IdPair.of("c", "d"));
  }

  @Test
  void explicitBandingMustFitTheSignature() {
    assertThatThrownBy(() -> DEFAULTS.toBuilder().banding(LshParams.of(30, 5)).build())
        .hasMessageContaining("needs 150 signature values, but signatures have 128");
  }

  private static Document doc(String id, String text) {
    return new Document(id, text, "test", 1, 0);
  }
}
