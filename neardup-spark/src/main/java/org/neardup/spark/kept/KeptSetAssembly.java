package org.neardup.spark.kept;

import java.io.Serializable;
import java.util.List;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.storage.StorageLevel;
import org.neardup.cluster.KeepPolicy;
import org.neardup.spark.corpus.SketchedDocument;
import org.neardup.spark.verify.VerifiedPair;
import scala.Tuple2;

/**
 * The kept set of the CLI's {@code clusters} and {@code dedup}, on Spark: the greedy maximal
 * independent set of the pairs graph in the keep order, each removed document named with its match,
 * the neighbour kept before it of highest similarity (ties to the earliest in the keep order).
 *
 * <p>The job recognises exact copies before banding, so its verified pairs join distinct texts
 * (each named by its first-read copy). The copies of a text are neighbours of each other at
 * similarity 1 and have the same other neighbours, so at most one of them is kept, the first in the
 * keep order (the text's representative), and the greedy over documents is the greedy over texts,
 * ordered by their representatives ({@link GreedyIndependentSet}). The text's other copies are
 * removed with their representative as match (similarity 1) when it is kept, and otherwise each
 * with the best of the text's kept neighbours that come before it. Stateless.
 */
public final class KeptSetAssembly {
  private KeptSetAssembly() {}

  /** The group lines, unordered, and the rounds the independent set took. */
  public record Result(JavaRDD<KeptMember> members, int rounds) {}

  /** A document as the keep order sees it. */
  private record Member(long ordinal, String id, KeepRank rank) implements Serializable {}

  /** A kept document and a similarity to it. */
  private record Match(Member kept, double similarity) implements Serializable {
    /** Whether it is a better match than {@code other}: more similar, then kept earlier. */
    boolean beats(Match other) {
      if (similarity != other.similarity) {
        return similarity > other.similarity;
      }
      return kept.rank().before(other.kept.rank());
    }
  }

  /** An edge between two texts with their representatives. */
  private record TextEdge(
      long a, Member representativeA, long b, Member representativeB, double similarity)
      implements Serializable {}

  /**
   * The groups of the kept set.
   *
   * @param pairs the verified pairs of distinct texts
   * @param copies (copy, first-read copy of the same text)
   */
  public static Result members(
      JavaSparkContext context,
      JavaRDD<VerifiedPair> pairs,
      JavaPairRDD<Long, Long> copies,
      JavaRDD<SketchedDocument> documents,
      KeepPolicy keep,
      int partitions) {
    // (text, member): every document of a pair or of a copy group, under the text it is a copy of.
    JavaPairRDD<Long, Long> textOf =
        pairs
            .flatMapToPair(
                p ->
                    List.of(
                            new Tuple2<>(p.first(), p.first()),
                            new Tuple2<>(p.second(), p.second()))
                        .iterator())
            .union(copies)
            .union(copies.values().mapToPair(text -> new Tuple2<>(text, text)))
            .distinct(partitions);
    JavaPairRDD<Long, Member> members =
        textOf
            .join(
                documents.mapToPair(
                    d ->
                        new Tuple2<>(
                            d.ordinal,
                            new Member(
                                d.ordinal, d.id, KeepRank.of(keep, d.ordinal, d.textLength)))),
                partitions)
            .mapToPair(e -> new Tuple2<>(e._2()._1(), e._2()._2()))
            .persist(StorageLevel.MEMORY_AND_DISK());
    JavaPairRDD<Long, Member> representatives =
        members
            .reduceByKey((x, y) -> x.rank().before(y.rank()) ? x : y, partitions)
            .persist(StorageLevel.MEMORY_AND_DISK());
    JavaRDD<TextEdge> edges =
        pairs
            .mapToPair(p -> new Tuple2<>(p.first(), new Tuple2<>(p.second(), p.similarity())))
            .join(representatives, partitions)
            .mapToPair(
                e ->
                    new Tuple2<>(
                        e._2()._1()._1(),
                        new TextEdge(e._1(), e._2()._2(), -1, null, e._2()._1()._2())))
            .join(representatives, partitions)
            .map(
                e -> {
                  TextEdge half = e._2()._1();
                  return new TextEdge(
                      half.a(), half.representativeA(), e._1(), e._2()._2(), half.similarity());
                })
            .persist(StorageLevel.MEMORY_AND_DISK());
    JavaPairRDD<Long, Long> ordered =
        edges.mapToPair(
            e ->
                e.representativeA().rank().before(e.representativeB().rank())
                    ? new Tuple2<>(e.a(), e.b())
                    : new Tuple2<>(e.b(), e.a()));
    GreedyIndependentSet.Result independent = GreedyIndependentSet.of(context, ordered, partitions);
    // Kept texts have no kept neighbour; each removed text has one, its representative's earlier
    // in keep order: each member's match is the best of its text's kept neighbours that come before
    // the member (so the copies of a removed text may find one the representative could not).
    JavaPairRDD<Long, Match> keptNeighbours =
        edges
            .flatMapToPair(
                e ->
                    List.of(
                            new Tuple2<>(
                                e.b(),
                                new Tuple2<>(
                                    e.a(), new Match(e.representativeB(), e.similarity()))),
                            new Tuple2<>(
                                e.a(),
                                new Tuple2<>(
                                    e.b(), new Match(e.representativeA(), e.similarity()))))
                        .iterator())
            .join(independent.decisions(), partitions)
            .filter(e -> e._2()._2())
            .mapToPair(e -> e._2()._1());
    JavaPairRDD<Long, Tuple2<Member, Match>> matches =
        members
            .join(keptNeighbours, partitions)
            .filter(e -> e._2()._2().kept().rank().before(e._2()._1().rank()))
            .mapToPair(e -> new Tuple2<>(e._2()._1().ordinal(), e._2()))
            .reduceByKey((x, y) -> x._2().beats(y._2()) ? x : y, partitions);
    JavaRDD<KeptMember> removed =
        members
            .join(representatives, partitions)
            .mapToPair(e -> new Tuple2<>(e._2()._1().ordinal(), e._2()))
            .leftOuterJoin(matches, partitions)
            .flatMap(
                e -> {
                  Member member = e._2()._1()._1();
                  Member representative = e._2()._1()._2();
                  if (e._2()._2().isPresent()) {
                    Match match = e._2()._2().get()._2();
                    return List.of(removed(match.kept(), member, match.similarity())).iterator();
                  }
                  return member.ordinal() == representative.ordinal()
                      ? List.<KeptMember>of().iterator()
                      : List.of(removed(representative, member, 1.0)).iterator();
                })
            .persist(StorageLevel.MEMORY_AND_DISK());
    JavaRDD<KeptMember> kept =
        removed
            .mapToPair(m -> new Tuple2<>(m.keptOrdinal(), m.keptId()))
            .reduceByKey((x, y) -> x, partitions)
            .map(e -> KeptMember.kept(e._1(), e._2()));
    JavaRDD<KeptMember> all = removed.union(kept).persist(StorageLevel.MEMORY_AND_DISK());
    all.count();
    removed.unpersist(false);
    edges.unpersist(false);
    members.unpersist(false);
    representatives.unpersist(false);
    independent.decisions().unpersist(false);
    return new Result(all, independent.rounds());
  }

  private static KeptMember removed(Member kept, Member member, double similarity) {
    return new KeptMember(
        kept.ordinal(), member.ordinal(), kept.id(), member.id(), false, similarity);
  }
}
