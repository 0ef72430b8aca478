package org.neardup.spark.lsh;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class BucketScanTest {
  private static List<BucketOutput> scan(int cap, BucketEntry... entries) {
    List<BucketEntry> sorted = new ArrayList<>(List.of(entries));
    sorted.sort(BucketEntry.ORDER);
    List<BucketOutput> out = new ArrayList<>();
    new BucketScan(sorted.iterator(), cap).forEachRemaining(out::add);
    return out;
  }

  private static BucketEntry entry(long bucket, long content, long ordinal, int band) {
    return new BucketEntry(bucket, content, 10, ordinal, band);
  }

  private static Set<String> candidates(List<BucketOutput> outputs) {
    Set<String> pairs = new TreeSet<>();
    outputs.stream()
        .filter(o -> o.kind() == BucketOutput.Kind.CANDIDATE)
        .forEach(o -> pairs.add(o.first() + "-" + o.second()));
    return pairs;
  }

  @Test
  void everyPairOfASmallBucketIsACandidateAndBucketsStaySeparate() {
    List<BucketOutput> out =
        scan(
            10,
            entry(1, 100, 5, 0),
            entry(1, 200, 2, 0),
            entry(1, 300, 9, 0),
            entry(2, 400, 7, 1),
            entry(2, 500, 3, 1),
            entry(3, 600, 1, 2));
    assertThat(candidates(out)).containsExactlyInAnyOrder("2-5", "2-9", "5-9", "3-7");
    assertThat(out).allMatch(o -> o.kind() == BucketOutput.Kind.CANDIDATE);
  }

  @Test
  void copiesCollapseToTheirFirstReadCopyAndAreReportedFromBandZeroOnly() {
    List<BucketOutput> band0 =
        scan(
            10, entry(1, 100, 8, 0), entry(1, 100, 3, 0), entry(1, 100, 5, 0), entry(1, 200, 4, 0));
    assertThat(candidates(band0)).containsExactly("3-4");
    assertThat(band0)
        .filteredOn(o -> o.kind() == BucketOutput.Kind.COPY)
        .containsExactlyInAnyOrder(
            new BucketOutput(BucketOutput.Kind.COPY, 5, 3),
            new BucketOutput(BucketOutput.Kind.COPY, 8, 3));
    List<BucketOutput> band1 =
        scan(10, entry(9, 100, 8, 1), entry(9, 100, 3, 1), entry(9, 200, 4, 1));
    assertThat(band1).noneMatch(o -> o.kind() == BucketOutput.Kind.COPY);
    assertThat(candidates(band1)).containsExactly("3-4");
  }

  @Test
  void aGiantBucketGetsAStarAndAChainAndCountsWhatItLeftOut() {
    int cap = 4;
    int texts = 10;
    BucketEntry[] entries = new BucketEntry[texts];
    for (int i = 0; i < texts; i++) {
      entries[i] = entry(1, 1000 + i, 100 + i, 0);
    }
    List<BucketOutput> out = scan(cap, entries);
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
        .filteredOn(o -> o.kind() == BucketOutput.Kind.GIANT_BUCKET)
        .containsExactly(
            new BucketOutput(BucketOutput.Kind.GIANT_BUCKET, texts, allPairs - expected.size()));
  }

  @Test
  void capZeroMeansEveryPair() {
    BucketEntry[] entries = new BucketEntry[50];
    for (int i = 0; i < entries.length; i++) {
      entries[i] = entry(1, i, i, 0);
    }
    assertThat(candidates(scan(0, entries))).hasSize(50 * 49 / 2);
  }
}
