package org.neardup.spark.output;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.Optional;
import org.neardup.spark.corpus.SketchedDocument;
import org.neardup.spark.verify.VerifiedPair;
import scala.Tuple2;

/**
 * The pairs output: the verified pairs of distinct texts, each expanded to every copy of its two
 * texts (a copy has the same set, so the same similarity with everything), plus every pair of
 * copies of one text (similarity 1). These are exactly the pairs the CLI reports, which examines
 * every copy itself. Stateless.
 */
public final class PairAssembly {
  private PairAssembly() {}

  /**
   * The pair lines, unordered.
   *
   * @param copies (copy ordinal, ordinal of the first-read copy of the same text)
   */
  public static JavaRDD<PairLine> lines(
      JavaRDD<VerifiedPair> verified,
      JavaPairRDD<Long, Long> copies,
      JavaRDD<SketchedDocument> documents,
      int partitions) {
    JavaRDD<PairLine> direct =
        verified.map(p -> PairLine.of(p.firstId(), p.secondId(), p.similarity()));
    if (copies.isEmpty()) {
      return direct;
    }
    JavaPairRDD<Long, String> ids = documents.mapToPair(d -> new Tuple2<>(d.ordinal, d.id));
    // (original, ids of its copies)
    JavaPairRDD<Long, List<String>> copyIds =
        copies
            .join(ids, partitions)
            .mapToPair(e -> new Tuple2<>(e._2()._1(), e._2()._2()))
            .groupByKey(partitions)
            .mapValues(PairAssembly::list);
    JavaRDD<PairLine> amongCopies =
        copyIds
            .join(ids, partitions)
            .flatMap(
                e -> {
                  List<String> all = new ArrayList<>(e._2()._1());
                  all.add(e._2()._2());
                  List<PairLine> lines = new ArrayList<>();
                  for (int i = 0; i < all.size(); i++) {
                    for (int j = i + 1; j < all.size(); j++) {
                      lines.add(PairLine.of(all.get(i), all.get(j), 1.0));
                    }
                  }
                  return lines.iterator();
                });
    JavaRDD<PairLine> expanded =
        verified
            .mapToPair(p -> new Tuple2<>(p.first(), p))
            .leftOuterJoin(copyIds, partitions)
            .mapToPair(
                e -> new Tuple2<>(e._2()._1().second(), new Tuple2<>(e._2()._1(), e._2()._2())))
            .leftOuterJoin(copyIds, partitions)
            .flatMap(
                e -> {
                  VerifiedPair pair = e._2()._1()._1();
                  List<String> left = withCopies(pair.firstId(), e._2()._1()._2());
                  List<String> right = withCopies(pair.secondId(), e._2()._2());
                  List<PairLine> lines = new ArrayList<>(left.size() * right.size());
                  for (String a : left) {
                    for (String b : right) {
                      lines.add(PairLine.of(a, b, pair.similarity()));
                    }
                  }
                  return lines.iterator();
                });
    return expanded.union(amongCopies);
  }

  private static List<String> withCopies(String id, Optional<List<String>> copies) {
    List<String> all = new ArrayList<>();
    all.add(id);
    if (copies.isPresent()) {
      all.addAll(copies.get());
    }
    return all;
  }

  private static List<String> list(Iterable<String> values) {
    List<String> list = new ArrayList<>();
    values.forEach(list::add);
    return list;
  }
}
