package org.neardup.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.neardup.config.PipelineConfig;

/**
 * Limits on what a query or an add answers: the matches listed, best first, the rest counted, and
 * the candidates compared bounded (the earliest added), those left counted.
 */
class MatchLimitsTest {
  private static final String TEXT =
      "Sunny two-room flat near Termini station, 800 euro a month, furnished, second floor";

  private static NearDupIndex<String> copies(int count) {
    NearDupIndex<String> index = NearDupIndex.inMemory(PipelineConfig.builder().build());
    List<IndexWrite<String>> writes = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      writes.add(IndexWrite.add("copy-" + i, index.sketcher().sketch(TEXT), null, false));
    }
    index.writeAll(writes);
    index.add("other", "A studio in Trastevere with a terrace, 650 euro, unfurnished");
    return index;
  }

  @Test
  void aQueryListsTheBestAndCountsTheRestAmongTheCandidatesItCompares() {
    NearDupIndex<String> index = copies(1500);
    FoundMatches<String> found =
        index.query(index.sketcher().sketch(TEXT), new MatchLimits(10, 1000));
    assertThat(found.matches()).hasSize(10);
    assertThat(found.matches().get(0).key()).isEqualTo("copy-0");
    assertThat(found.moreMatches()).isEqualTo(990);
    assertThat(found.notCompared()).isEqualTo(500);

    FoundMatches<String> all = index.query(index.sketcher().sketch(TEXT), MatchLimits.listing(10));
    assertThat(all.moreMatches()).isEqualTo(1490);
    assertThat(all.notCompared()).isZero();
    assertThat(index.query(TEXT, 3))
        .extracting(Match::key)
        .containsExactly("copy-0", "copy-1", "copy-2");
  }

  @Test
  void anAddReportsWithinItsLimitsAndAUniqueAddIsDecidedByTheFirstCandidatesThatMatch() {
    NearDupIndex<String> index = copies(1200);
    WriteResult<String> added =
        index
            .writeAll(
                List.of(
                    IndexWrite.add("new", index.sketcher().sketch(TEXT), null, true)
                        .withLimits(new MatchLimits(5, 1000))))
            .get(0);
    assertThat(added.status()).isEqualTo(WriteResult.Status.ADDED);
    assertThat(added.matches()).hasSize(5);
    assertThat(added.moreMatches()).isEqualTo(995);
    assertThat(added.notCompared()).isEqualTo(200);

    WriteResult<String> refused =
        index
            .writeAll(
                List.of(
                    IndexWrite.addIfUnique("unique", index.sketcher().sketch(TEXT), null)
                        .withLimits(new MatchLimits(5, 1000))))
            .get(0);
    assertThat(refused.status()).isEqualTo(WriteResult.Status.DUPLICATE);
    assertThat(refused.duplicateOf().orElseThrow().key()).isEqualTo("copy-0");
    assertThat(refused.matches()).hasSize(5);
    assertThat(refused.moreMatches()).isEqualTo(995);
    assertThat(refused.notCompared()).isEqualTo(201);
  }

  /**
   * A unique add whose first candidates do not match it compares every candidate: only all of them
   * prove it unique, and a match among the later ones refuses it.
   */
  @Test
  void aUniqueAddWhoseFirstCandidatesDoNotMatchComparesThemAll() {
    NearDupIndex<String> index = NearDupIndex.inMemory(PipelineConfig.builder().build());
    String other = TEXT + ", available from March";
    index.add("near", TEXT + ", pets welcome, quiet street"); // a candidate, below the threshold
    index.add("late", other);
    FoundMatches<String> first = index.query(index.sketcher().sketch(other), new MatchLimits(1, 1));
    assertThat(first.matches()).as("the first candidate is 'near', no match").isEmpty();
    assertThat(first.notCompared()).isEqualTo(1);

    WriteResult<String> refused =
        index
            .writeAll(
                List.of(
                    IndexWrite.addIfUnique("again", index.sketcher().sketch(other), null)
                        .withLimits(new MatchLimits(1, 1))))
            .get(0);
    assertThat(refused.status()).isEqualTo(WriteResult.Status.DUPLICATE);
    assertThat(refused.duplicateOf().orElseThrow().key()).isEqualTo("late");

    WriteResult<String> kept =
        index
            .writeAll(
                List.of(
                    IndexWrite.addIfUnique(
                            "unique",
                            index.sketcher().sketch("Nothing like the others at all, not one word"),
                            null)
                        .withLimits(new MatchLimits(1, 1))))
            .get(0);
    assertThat(kept.status()).isEqualTo(WriteResult.Status.ADDED);
  }

  @Test
  void aTopKQueryComparesTheFirstCandidatesAndCountsTheRest() {
    NearDupIndex<String> index = copies(1500);
    FoundMatches<String> top =
        index.top(index.sketcher().sketch(TEXT), index.topKFloor(), new MatchLimits(3, 1000));
    assertThat(top.matches()).hasSize(3).allSatisfy(m -> assertThat(m.similarity()).isEqualTo(1.0));
    assertThat(top.notCompared()).isEqualTo(500);
    assertThat(top.moreMatches()).isZero();

    FoundMatches<String> all =
        index.top(index.sketcher().sketch(TEXT), index.topKFloor(), MatchLimits.listing(3));
    assertThat(all.matches()).hasSize(3);
    assertThat(all.notCompared()).isZero();
  }

  @Test
  void limitsAreChecked() {
    assertThatThrownBy(() -> new MatchLimits(0, 10)).hasMessageContaining("listed");
    assertThatThrownBy(() -> new MatchLimits(10, 5)).hasMessageContaining("compared");
  }
}
