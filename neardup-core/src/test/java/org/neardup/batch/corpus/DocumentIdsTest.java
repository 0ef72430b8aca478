package org.neardup.batch.corpus;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class DocumentIdsTest {
  @Test
  void keepsEveryIdByOrdinalAndTellsEveryDuplicate() {
    DocumentIds ids = new DocumentIds();
    SplittableRandom random = new SplittableRandom(12);
    Set<String> seen = new HashSet<>();
    java.util.List<String> kept = new java.util.ArrayList<>();
    for (int i = 0; i < 200_000; i++) {
      String id = "doc" + random.nextInt(150_000); // about a quarter are repeats
      boolean added = ids.add(id);
      assertThat(added).as(id).isEqualTo(seen.add(id));
      if (added) {
        kept.add(id);
      }
    }
    assertThat(ids.size()).isEqualTo(kept.size());
    for (int i = 0; i < kept.size(); i += 97) {
      assertThat(ids.get(i)).isEqualTo(kept.get(i));
    }
  }

  @Test
  void idsOfAnyCharactersAndLengthRoundTrip() {
    DocumentIds ids = new DocumentIds();
    String[] values = {
      "a",
      "",
      "日本語のid",
      "emoji \uD83D\uDE00 id",
      "x".repeat(200),
      "y".repeat(3_000_000),
      "tab\tinside"
    };
    for (String value : values) {
      assertThat(ids.add(value)).isTrue();
    }
    for (String value : values) {
      assertThat(ids.add(value)).isFalse();
    }
    for (int i = 0; i < values.length; i++) {
      assertThat(ids.get(i)).isEqualTo(values[i]);
    }
    assertThat(ids.memoryBytes()).isGreaterThan(3_000_000);
  }
}
