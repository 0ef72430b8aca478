package org.neardup.server.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.neardup.index.BoundedCandidates;

/** The bounded merge of ascending bucket lists against a merge of them whole. */
class HandleListTest {
  @Test
  void theFirstCandidatesAreThoseOfTheWholeMergeAndTheRestIsCountedAtLeast() {
    SplittableRandom random = new SplittableRandom(49);
    for (int round = 0; round < 200; round++) {
      List<HandleList> lists = new ArrayList<>();
      TreeSet<Long> all = new TreeSet<>();
      int bands = 1 + random.nextInt(8);
      for (int b = 0; b < bands; b++) {
        HandleList list = HandleList.empty();
        long handle = random.nextInt(5);
        for (int i = random.nextInt(60); i > 0; i--) {
          list.add(handle);
          all.add(handle);
          handle += 1 + random.nextInt(4);
        }
        lists.add(list);
      }
      int count = 1 + random.nextInt(70);
      BoundedCandidates first = HandleList.first(lists, count);
      long[] expected = all.stream().limit(count).mapToLong(Long::longValue).toArray();
      assertThat(first.handles()).containsExactly(expected);
      long rest = all.size() - expected.length;
      assertThat(first.more()).isBetween(rest == 0 ? 0L : 1L, rest);
    }
  }

  @Test
  void copiesOfOneListCountTheirRestExactly() {
    List<HandleList> lists = new ArrayList<>();
    for (int b = 0; b < 21; b++) {
      HandleList list = HandleList.empty();
      for (long h = 0; h < 1500; h++) {
        list.add(h);
      }
      lists.add(list);
    }
    BoundedCandidates first = HandleList.first(lists, 1000);
    assertThat(first.handles()).hasSize(1000);
    assertThat(first.more()).isEqualTo(500);
  }

  @Test
  void aListThatIsNotAscendingIsLeftToAWholeMerge() {
    HandleList list = HandleList.committed(new long[] {1, 5, 3});
    assertThat(HandleList.first(List.of(list), 10)).isNull();
  }

  @Test
  void aStagedListGrowsInPlaceAndACommittedOneIsCopiedOnce() {
    long[] committed = {1, 2, 3};
    HandleList staged = HandleList.committed(committed).staged();
    staged.add(4);
    assertThat(committed).containsExactly(1, 2, 3);
    assertThat(staged.staged()).isSameAs(staged);
    staged.remove(2);
    assertThat(staged.toArray()).containsExactly(1, 3, 4);
  }
}
