package org.neardup.index;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.neardup.config.PipelineConfig;

/**
 * The bucket spaces of an index with all three (threshold, top-k floor, containment): after adds,
 * upserts, removals and the compactions they cause, every space holds exactly what it holds in an
 * index built from the surviving documents alone.
 */
class KeptSpacesTest {
  private static final PipelineConfig CONFIG = PipelineConfig.builder().threads(1).build();
  private static final SearchSettings ALL = new SearchSettings(0.3, 4);

  @Test
  void everySpaceFollowsAddsUpsertsRemovalsAndCompactions() {
    SplittableRandom random = new SplittableRandom(35);
    List<String> words = new ArrayList<>();
    for (int w = 0; w < 800; w++) {
      words.add(Long.toString(random.nextLong(1L << 40), 36));
    }
    InMemoryStorage<Integer> churnedStorage = new InMemoryStorage<>(16, CONFIG.lshParams().bands());
    NearDupIndex<Integer> churned = NearDupIndex.over(CONFIG, ALL, churnedStorage);
    assertThat(churned.spaces())
        .extracting(KeptSpace::space)
        .containsExactly(BucketSpace.THRESHOLD, BucketSpace.TOP_K, BucketSpace.CONTAINMENT);
    Map<Integer, String> held = new LinkedHashMap<>();
    String family = null;
    for (int d = 0; d < 900; d++) {
      family =
          d % 4 == 0 || family == null
              ? text(random, words, 30 + random.nextInt(60))
              : edited(random, words, family);
      churned.add(d, family);
      held.put(d, family);
    }
    for (int d = 0; d < 900; d++) {
      if (d % 5 != 0) {
        churned.remove(d);
        held.remove(d);
      }
    }
    for (int d = 0; d < 900; d += 10) {
      String text = edited(random, words, held.get(d));
      churned.upsert(d, text);
      held.put(d, text);
    }

    InMemoryStorage<Integer> freshStorage = new InMemoryStorage<>(16, CONFIG.lshParams().bands());
    NearDupIndex<Integer> fresh = NearDupIndex.over(CONFIG, ALL, freshStorage);
    held.forEach(fresh::add);

    assertThat(churned.size()).isEqualTo(held.size());
    for (BucketSpace space : BucketSpace.values()) {
      assertThat(churnedStorage.entries(space))
          .as("entries of %s", space)
          .isEqualTo(freshStorage.entries(space));
    }
    for (Map.Entry<Integer, String> document : held.entrySet()) {
      var sketch = churned.sketcher().sketch(document.getValue());
      for (int s = 0; s < churned.spaces().size(); s++) {
        long[] keys = churned.spaces().get(s).keys(sketch.signature(), sketch.shingleSet());
        assertThat(members(churnedStorage, churned.spaces().get(s).space(), keys))
            .as("%s buckets of document %d", churned.spaces().get(s).space(), document.getKey())
            .contains(document.getKey())
            .isEqualTo(members(freshStorage, fresh.spaces().get(s).space(), keys));
      }
    }
  }

  /** The document keys in the buckets {@code keys} of {@code space}. */
  private static TreeSet<Integer> members(
      InMemoryStorage<Integer> storage, BucketSpace space, long[] keys) {
    TreeSet<Integer> members = new TreeSet<>();
    for (long handle : storage.buckets(space).candidates(keys)) {
      members.add(storage.sketches().key(handle));
    }
    return members;
  }

  private static String text(SplittableRandom random, List<String> words, int length) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < length; i++) {
      text.append(words.get(random.nextInt(words.size()))).append(' ');
    }
    return text.toString().trim();
  }

  /** {@code text} with about one word in eight replaced. */
  private static String edited(SplittableRandom random, List<String> words, String text) {
    String[] parts = text.split(" ");
    for (int i = 0; i < parts.length; i++) {
      if (random.nextInt(8) == 0) {
        parts[i] = words.get(random.nextInt(words.size()));
      }
    }
    return String.join(" ", parts);
  }
}
