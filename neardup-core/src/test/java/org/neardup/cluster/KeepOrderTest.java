package org.neardup.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Comparator;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class KeepOrderTest {
  /** Keys from arrays. */
  private record ArrayKeys(int[] inputs, int[] lengths, double[] scores) implements KeepOrder.Keys {
    @Override
    public int input(int ordinal) {
      return inputs[ordinal];
    }

    @Override
    public int textLength(int ordinal) {
      return lengths[ordinal];
    }

    @Override
    public double fieldValue(int ordinal) {
      return scores[ordinal];
    }
  }

  @Test
  void parsesWhatKeepTakesAndWritesItBack() {
    assertThat(KeepOrder.parse("first")).isEqualTo(KeepOrder.FIRST);
    assertThat(KeepOrder.parse(" Longest ")).isEqualTo(KeepOrder.of(KeepPolicy.LONGEST));
    assertThat(KeepOrder.parse("field:score")).isEqualTo(KeepOrder.byField("score", false));
    assertThat(KeepOrder.parse("field:score:desc")).isEqualTo(KeepOrder.byField("score", false));
    assertThat(KeepOrder.parse("field:score:ASC")).isEqualTo(KeepOrder.byField("score", true));
    assertThat(KeepOrder.parse("field:meta:score:asc"))
        .isEqualTo(KeepOrder.byField("meta:score", true));
    assertThat(KeepOrder.parse("input,shortest"))
        .isEqualTo(KeepOrder.of(KeepPolicy.SHORTEST).withInputsFirst());
    for (String text :
        new String[] {
          "first", "longest", "input,shortest", "field:a b:desc", "input,field:q:asc"
        }) {
      assertThat(KeepOrder.parse(text).toString()).isEqualTo(text);
    }
    assertThat(KeepOrder.parse("field:x").toString()).isEqualTo("field:x:desc");
    assertThatThrownBy(() -> KeepOrder.parse("best"))
        .hasMessageContaining("unknown keep order 'best'")
        .hasMessageContaining("field:NAME[:desc|asc]");
    assertThatThrownBy(() -> KeepOrder.parse("field:")).hasMessageContaining("names no field");
    assertThatThrownBy(() -> KeepOrder.parse("field::asc")).hasMessageContaining("names no field");
  }

  @Test
  void fieldsOrderHighestFirstByDefaultWithTiesInInputOrder() {
    double[] scores = {0.5, 2.0, -1.0, 2.0, 0.0, -0.0, 1e300};
    ArrayKeys keys = new ArrayKeys(new int[7], new int[7], scores);
    assertThat(KeepOrder.byField("s", false).order(7, keys)).containsExactly(6, 1, 3, 0, 4, 5, 2);
    assertThat(KeepOrder.byField("s", true).order(7, keys)).containsExactly(2, 4, 5, 0, 1, 3, 6);
  }

  @Test
  void inputPriorityComesBeforeTheRule() {
    int[] inputs = {0, 0, 1, 1, 0, 2};
    int[] lengths = {1, 5, 9, 2, 5, 9};
    double[] scores = {1, 2, 9, 3, 0, 8};
    ArrayKeys keys = new ArrayKeys(inputs, lengths, scores);
    assertThat(KeepOrder.of(KeepPolicy.LONGEST).order(6, keys)).containsExactly(2, 5, 1, 4, 3, 0);
    assertThat(KeepOrder.of(KeepPolicy.LONGEST).withInputsFirst().order(6, keys))
        .containsExactly(1, 4, 0, 2, 3, 5);
    assertThat(KeepOrder.byField("s", false).withInputsFirst().order(6, keys))
        .containsExactly(1, 0, 4, 2, 3, 5);
    assertThat(KeepOrder.FIRST.withInputsFirst().order(6, keys)).containsExactly(0, 1, 2, 3, 4, 5);
  }

  @Test
  void theOrderIsTheSortOfItsKeysOnRandomDocuments() {
    SplittableRandom random = new SplittableRandom(45);
    for (int round = 0; round < 200; round++) {
      int n = random.nextInt(1, 300);
      int[] inputs = new int[n];
      int[] lengths = new int[n];
      double[] scores = new double[n];
      int input = 0;
      for (int i = 0; i < n; i++) {
        input += random.nextInt(10) == 0 ? 1 : 0; // inputs are read in order
        inputs[i] = input;
        lengths[i] = random.nextInt(20);
        scores[i] = random.nextInt(3) == 0 ? random.nextInt(5) : random.nextDouble(-1e6, 1e6);
      }
      ArrayKeys keys = new ArrayKeys(inputs, lengths, scores);
      for (KeepOrder order :
          new KeepOrder[] {
            KeepOrder.FIRST,
            KeepOrder.of(KeepPolicy.LONGEST),
            KeepOrder.of(KeepPolicy.SHORTEST).withInputsFirst(),
            KeepOrder.byField("s", false),
            KeepOrder.byField("s", true).withInputsFirst()
          }) {
        Comparator<Integer> rule =
            order.byField()
                ? Comparator.comparingDouble(i -> order.ascending() ? scores[i] : -scores[i])
                : order.policy() == KeepPolicy.FIRST
                    ? Comparator.comparingInt(i -> 0)
                    : Comparator.comparingInt(
                        i -> order.policy() == KeepPolicy.LONGEST ? -lengths[i] : lengths[i]);
        Comparator<Integer> full =
            order.inputsFirst()
                ? Comparator.<Integer>comparingInt(i -> inputs[i]).thenComparing(rule)
                : rule;
        int[] expected =
            IntStream.range(0, n)
                .boxed()
                .sorted(full.thenComparingInt(i -> i))
                .mapToInt(Integer::intValue)
                .toArray();
        assertThat(order.order(n, keys)).as("%s, round %d", order, round).containsExactly(expected);
      }
    }
  }

  @Test
  void aValueThatIsNotAFiniteNumberIsRefused() {
    ArrayKeys keys = new ArrayKeys(new int[2], new int[2], new double[] {1, Double.NaN});
    assertThatThrownBy(() -> KeepOrder.byField("score", false).order(2, keys))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("document 1 has no finite value of field 'score'");
  }
}
