package org.neardup.spark.kept;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.neardup.cluster.KeepOrder;
import org.neardup.cluster.KeptSet;
import org.neardup.spark.TestSpark;
import org.neardup.spark.corpus.DocumentInfo;
import org.neardup.spark.verify.CopyGroup;
import org.neardup.spark.verify.VerifiedPair;
import org.neardup.verify.SimilarPair;

/**
 * The kept set on Spark against the core's {@link KeptSet} (the CLI's) over the whole document
 * graph (copies of a text expanded to every pair), on seeded random corpora with copies, equal
 * lengths, equal field values and equal similarities, in every keep order: input order, text
 * length, a field's number either way, each after the input priority or not (inputs numbered in
 * input order, as the command line's files are).
 */
class KeptSetAssemblyTest {
  private static final long SPREAD = 1L << 33; // ordinals are sparse and large
  private static final double[] SIMILARITIES = {0.8, 0.85, 0.9, 1.0 / 1.1};

  @ParameterizedTest
  @CsvSource({
    "first, 300, 400, 1",
    "longest, 300, 400, 2",
    "shortest, 300, 400, 3",
    "first, 200, 900, 4", // dense: long chains of decisions
    "longest, 150, 60, 5", // sparse: mostly copies and single pairs
    "field:score, 300, 400, 6",
    "field:score:asc, 200, 900, 7",
    "'input,field:score', 300, 400, 8",
    "'input,first', 300, 400, 9",
  })
  void sameGroupsAsTheSequentialGreedy(String rule, int documents, int textPairs, long seed) {
    KeepOrder keep = KeepOrder.parse(rule);
    SplittableRandom random = new SplittableRandom(seed);
    int[] text = new int[documents]; // the index of the first-read copy of each document's text
    int[] length = new int[documents];
    int[] input = new int[documents]; // three inputs, in input order
    double[] score = new double[documents];
    List<Integer> texts = new ArrayList<>();
    for (int i = 0; i < documents; i++) {
      length[i] = 1 + random.nextInt(6);
      input[i] = 3 * i / documents;
      score[i] = random.nextInt(5) - 2 + (random.nextInt(4) == 0 ? 0.5 : 0); // ties, signs

      text[i] =
          !texts.isEmpty() && random.nextInt(10) < 3 ? texts.get(random.nextInt(texts.size())) : i;
      if (text[i] == i) {
        texts.add(i);
      }
    }
    Map<Long, Double> textSimilarity = new HashMap<>();
    for (int e = 0; e < textPairs; e++) {
      int a = texts.get(random.nextInt(texts.size()));
      int b = texts.get(random.nextInt(texts.size()));
      if (a != b) {
        textSimilarity.put(
            key(Math.min(a, b), Math.max(a, b)), SIMILARITIES[random.nextInt(SIMILARITIES.length)]);
      }
    }

    DocumentInfo[] info = new DocumentInfo[documents];
    Map<Integer, List<DocumentInfo>> copiesOf = new TreeMap<>();
    for (int i = 0; i < documents; i++) {
      info[i] =
          new DocumentInfo(
              i * SPREAD,
              "d" + i,
              keep.inputsFirst() ? input[i] : 0,
              keep.ruleKey(length[i], score[i]));
      if (text[i] != i) {
        copiesOf.computeIfAbsent(text[i], t -> new ArrayList<>()).add(info[i]);
      }
    }
    List<CopyGroup> groups = new ArrayList<>();
    copiesOf.forEach((t, copies) -> groups.add(new CopyGroup(info[t], copies)));
    List<VerifiedPair> pairs = new ArrayList<>();
    textSimilarity.forEach(
        (k, similarity) -> {
          int a = (int) (k >>> 32);
          int b = (int) (long) k;
          pairs.add(new VerifiedPair(info[a], info[b], similarity));
        });
    JavaSparkContext context =
        JavaSparkContext.fromSparkContext(TestSpark.session().sparkContext());
    KeptSetAssembly.Result result =
        KeptSetAssembly.members(
            context, context.parallelize(pairs, 3), context.parallelize(groups, 2), 3);
    List<String> lines =
        result.members().collect().stream()
            .sorted(
                Comparator.comparingLong(KeptMember::keptOrdinal)
                    .thenComparingLong(KeptMember::orderInGroup))
            .map(KeptMember::line)
            .toList();
    result.members().unpersist(false);

    int[] order =
        keep.order(
            documents,
            new KeepOrder.Keys() {
              @Override
              public int input(int ordinal) {
                return input[ordinal];
              }

              @Override
              public int textLength(int ordinal) {
                return length[ordinal];
              }

              @Override
              public double fieldValue(int ordinal) {
                return score[ordinal];
              }
            });
    assertThat(lines).isNotEmpty().isEqualTo(core(order, text, textSimilarity));
    assertThat(result.rounds()).isPositive();
  }

  /** The core's kept set over the whole document graph, as the CLI computes it. */
  private static List<String> core(int[] order, int[] text, Map<Long, Double> textSimilarity) {
    int n = text.length;
    List<SimilarPair> pairs = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        double similarity =
            text[i] == text[j]
                ? 1.0
                : textSimilarity.getOrDefault(
                    key(Math.min(text[i], text[j]), Math.max(text[i], text[j])), 0.0);
        if (similarity > 0) {
          pairs.add(new SimilarPair(i, j, similarity));
        }
      }
    }
    List<String> lines = new ArrayList<>();
    for (KeptSet.Group group : KeptSet.choose(n, pairs, order).groups()) {
      int k = group.kept();
      lines.add(KeptMember.kept(k * SPREAD, "d" + k).line());
      for (int r = 0; r < group.removedCount(); r++) {
        int i = group.removed(r);
        lines.add(
            new KeptMember(k * SPREAD, i * SPREAD, "d" + k, "d" + i, false, group.similarity(r))
                .line());
      }
    }
    return lines;
  }

  private static long key(int a, int b) {
    return ((long) a << 32) | b;
  }
}
