package org.neardup.spark.output;

import com.esotericsoftware.kryo.DefaultSerializer;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.neardup.spark.corpus.DocumentInfo;
import org.neardup.spark.shuffle.DirectPartitioner;
import org.neardup.spark.shuffle.Homes;
import org.neardup.spark.shuffle.Outbox;
import org.neardup.spark.verify.CopyGroup;
import org.neardup.spark.verify.HomePairs;
import org.neardup.spark.verify.VerifiedPair;
import scala.Tuple2;

/**
 * The pairs output: the verified pairs of distinct texts, each expanded to every copy of its two
 * texts (a copy has the same shingles, so the same similarity with everything), plus every pair of
 * copies of one text (similarity 1). These are exactly the pairs the CLI reports, which examines
 * every copy itself. A pair is expanded at the home of its first document, whose copy group lives
 * there, then at the home of its second, where the second's does; the pairs among a home's copies
 * are made there too, in the same task. Stateless.
 */
public final class PairAssembly {
  private PairAssembly() {}

  /** A pair on its way to its second document's home, its first side expanded. */
  @DefaultSerializer(JavaSerializer.class)
  private record Half(long second, String secondId, List<String> firstIds, double similarity)
      implements Serializable {}

  /** The pair lines of what verification left at the homes, unordered, a partition a home. */
  public static JavaRDD<PairLine> lines(JavaRDD<HomePairs> homes) {
    int n = homes.getNumPartitions();
    JavaRDD<List<Half>> atSecond =
        JavaPairRDD.fromJavaRDD(homes.flatMap(home -> halves(home, n).iterator()))
            .partitionBy(new DirectPartitioner(n))
            .values();
    return homes.zipPartitions(atSecond, (home, received) -> expand(home.next(), received));
  }

  private static void addAmongCopies(HomePairs home, List<PairLine> lines) {
    for (CopyGroup group : home.copyGroups()) {
      List<String> all = ids(group.original().id(), group);
      for (int i = 0; i < all.size(); i++) {
        for (int j = i + 1; j < all.size(); j++) {
          lines.add(PairLine.of(all.get(i), all.get(j), 1.0));
        }
      }
    }
  }

  private static List<Tuple2<Integer, List<Half>>> halves(HomePairs home, int homes) {
    Map<Long, CopyGroup> groups = byOriginal(home);
    Outbox<List<Half>> out = new Outbox<>(homes, destination -> new ArrayList<>());
    for (VerifiedPair pair : home.pairs()) {
      DocumentInfo first = pair.first();
      DocumentInfo second = pair.second();
      out.to(Homes.of(second.ordinal()))
          .add(
              new Half(
                  second.ordinal(),
                  second.id(),
                  ids(first.id(), groups.get(first.ordinal())),
                  pair.similarity()));
    }
    return out.batches();
  }

  /**
   * The pairs the home's received halves make with its documents and their copies, and those among
   * its copies.
   */
  private static Iterator<PairLine> expand(HomePairs home, Iterator<List<Half>> received) {
    Map<Long, CopyGroup> groups = byOriginal(home);
    List<PairLine> lines = new ArrayList<>();
    addAmongCopies(home, lines);
    received.forEachRemaining(
        halves -> {
          for (Half half : halves) {
            List<String> seconds = ids(half.secondId(), groups.get(half.second()));
            for (String a : half.firstIds()) {
              for (String b : seconds) {
                lines.add(PairLine.of(a, b, half.similarity()));
              }
            }
          }
        });
    return lines.iterator();
  }

  private static Map<Long, CopyGroup> byOriginal(HomePairs home) {
    Map<Long, CopyGroup> groups = new HashMap<>();
    for (CopyGroup group : home.copyGroups()) {
      groups.put(group.original().ordinal(), group);
    }
    return groups;
  }

  /** {@code id} and the ids of its text's copies ({@code group} may be null: none). */
  private static List<String> ids(String id, CopyGroup group) {
    List<String> all = new ArrayList<>();
    all.add(id);
    if (group != null) {
      for (DocumentInfo copy : group.copies()) {
        all.add(copy.id());
      }
    }
    return all;
  }
}
