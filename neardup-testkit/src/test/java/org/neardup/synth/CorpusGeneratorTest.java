package org.neardup.synth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CorpusGeneratorTest {
  @Test
  void sameSeedSameCorpusOtherSeedOtherCorpus() {
    GeneratedCorpus a = new CorpusGenerator(500, 0.3, 3, 0.2, 5, 50, 1).generate();
    GeneratedCorpus b = new CorpusGenerator(500, 0.3, 3, 0.2, 5, 50, 1).generate();
    GeneratedCorpus c = new CorpusGenerator(500, 0.3, 3, 0.2, 5, 50, 2).generate();
    assertThat(b.texts()).isEqualTo(a.texts());
    assertThat(c.texts()).isNotEqualTo(a.texts());
  }

  @Test
  void makesExactlyTheRequestedNumberOfUniquelyNamedDocumentsWithFamilies() {
    GeneratedCorpus corpus = new CorpusGenerator(1000, 0.5, 3, 0.2, 5, 50, 3).generate();
    assertThat(corpus.size()).isEqualTo(1000);
    assertThat(new HashSet<>(corpus.ids())).hasSize(1000);
    assertThat(corpus.families()).isNotEmpty();
    Set<Integer> inFamilies = new HashSet<>();
    for (int[] family : corpus.families()) {
      assertThat(family.length).isBetween(2, 4);
      for (int member : family) {
        assertThat(inFamilies.add(member)).as("each document in at most one family").isTrue();
      }
    }
  }

  @Test
  void excerptsArePassagesOfTenToFiftyPercentOfTheirHost() {
    GeneratedCorpus corpus =
        new CorpusGenerator(1000, 0.3, 3, 0.2, 40, 100, 9).withExcerpts(0.5, 0.0).generate();
    assertThat(corpus.size()).isEqualTo(1000);
    assertThat(corpus.excerpts()).hasSizeBetween(150, 350);
    for (int[] excerpt : corpus.excerpts()) {
      String passage = corpus.texts().get(excerpt[0]);
      String host = corpus.texts().get(excerpt[1]);
      assertThat(host).contains(passage); // unedited (rate 0): a contiguous run of the host's words
      double share = (double) passage.split(" ").length / host.split(" ").length;
      assertThat(share).isBetween(0.09, 0.51);
    }
  }

  @Test
  void withoutExcerptsTheCorpusIsTheOneItAlwaysWas() {
    GeneratedCorpus plain = new CorpusGenerator(500, 0.3, 3, 0.2, 5, 50, 1).generate();
    GeneratedCorpus none =
        new CorpusGenerator(500, 0.3, 3, 0.2, 5, 50, 1).withExcerpts(0, 0.1).generate();
    assertThat(none.texts()).isEqualTo(plain.texts());
    assertThat(plain.excerpts()).isEmpty();
    // the first texts of this corpus, as every version before excerpts generated them
    assertThat(Integer.toHexString(String.join("\n", plain.texts()).hashCode()))
        .isEqualTo(GOLDEN_HASH);
  }

  static final String GOLDEN_HASH = "c09d8722";

  @Test
  void rejectsInvalidSettingsByName() {
    assertThatThrownBy(() -> new CorpusGenerator(10, 0.5, 3, 0.2, 5, 50, 1).withExcerpts(2, 0.1))
        .hasMessageContaining("excerpt fraction");
    assertThatThrownBy(() -> new CorpusGenerator(10, 1.5, 3, 0.2, 5, 50, 1))
        .hasMessageContaining("duplicate fraction");
    assertThatThrownBy(() -> new CorpusGenerator(10, 0.5, 3, 0.2, 50, 5, 1))
        .hasMessageContaining("word counts");
  }
}
