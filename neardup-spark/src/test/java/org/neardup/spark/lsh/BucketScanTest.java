package org.neardup.spark.lsh;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class BucketScanTest {
  /** What a scan found: "CANDIDATE a b", "COPY copy original", "GIANT texts unexamined". */
  private static List<String> scan(int cap, long[]... entries) {
    BandEntries batch = new BandEntries();
    for (long[] e : entries) {
      batch.add(e[0], e[1], e[2], (int) e[3]);
    }
    List<String> out = new ArrayList<>();
    BucketScan.scan(
        BandEntries.sortedUnion(List.of(batch.trimmed())),
        cap,
        new BucketScan.Sink() {
          @Override
          public void candidate(long first, long second) {
            assertThat(first).isLessThan(second);
            out.add("CANDIDATE " + first + " " + second);
          }

          @Override
          public void copy(long copy, long original) {
            out.add("COPY " + copy + " " + original);
          }

          @Override
          public void giantBucket(long distinctTexts, long unexaminedPairs) {
            out.add("GIANT " + distinctTexts + " " + unexaminedPairs);
          }
        });
    return out;
  }

  private static long[] entry(long bucket, long content, long ordinal, int band) {
    return new long[] {bucket, content, ordinal, band};
  }

  private static Set<String> candidates(List<String> outputs) {
    Set<String> pairs = new TreeSet<>();
    outputs.stream()
        .filter(o -> o.startsWith("CANDIDATE "))
        .forEach(o -> pairs.add(o.substring(10).replace(' ', '-')));
    return pairs;
  }

  @Test
  void everyPairOfASmallBucketIsACandidateAndBucketsStaySeparate() {
    List<String> out =
        scan(
            10,
            entry(1, 100, 5, 0),
            entry(1, 200, 2, 0),
            entry(1, 300, 9, 0),
            entry(2, 400, 7, 1),
            entry(2, 500, 3, 1),
            entry(3, 600, 1, 2));
    assertThat(candidates(out)).containsExactlyInAnyOrder("2-5", "2-9", "5-9", "3-7");
    assertThat(out).allMatch(o -> o.startsWith("CANDIDATE "));
  }

  @Test
  void copiesCollapseToTheirFirstReadCopyAndAreReportedFromBandZeroOnly() {
    List<String> band0 =
        scan(
            10, entry(1, 100, 8, 0), entry(1, 100, 3, 0), entry(1, 100, 5, 0), entry(1, 200, 4, 0));
    assertThat(candidates(band0)).containsExactly("3-4");
    assertThat(band0)
        .filteredOn(o -> o.startsWith("COPY "))
        .containsExactlyInAnyOrder("COPY 5 3", "COPY 8 3");
    List<String> band1 = scan(10, entry(9, 100, 8, 1), entry(9, 100, 3, 1), entry(9, 200, 4, 1));
    assertThat(band1).noneMatch(o -> o.startsWith("COPY "));
    assertThat(candidates(band1)).containsExactly("3-4");
  }

  @Test
  void aGiantBucketGetsAStarAndAChainAndCountsWhatItLeftOut() {
    int cap = 4;
    int texts = 10;
    long[][] entries = new long[texts][];
    for (int i = 0; i < texts; i++) {
      entries[i] = entry(1, 1000 + i, 100 + i, 0);
    }
    List<String> out = scan(cap, entries);
    Set<String> expected = new TreeSet<>();
    for (int i = 0; i < cap; i++) {
      for (int j = i + 1; j < cap; j++) {
        expected.add((100 + i) + "-" + (100 + j));
      }
    }
    for (int k = cap; k < texts; k++) {
      expected.add(100 + "-" + (100 + k));
      expected.add((100 + k - 1) + "-" + (100 + k));
    }
    assertThat(candidates(out)).isEqualTo(expected);
    long allPairs = (long) texts * (texts - 1) / 2;
    assertThat(out)
        .filteredOn(o -> o.startsWith("GIANT "))
        .containsExactly("GIANT " + texts + " " + (allPairs - expected.size()));
  }

  @Test
  void capZeroMeansEveryPair() {
    long[][] entries = new long[50][];
    for (int i = 0; i < entries.length; i++) {
      entries[i] = entry(1, i, i, 0);
    }
    assertThat(candidates(scan(0, entries))).hasSize(50 * 49 / 2);
  }
}
