package org.neardup.spark.kept;

import com.esotericsoftware.kryo.DefaultSerializer;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.Optional;
import org.apache.spark.storage.StorageLevel;
import org.neardup.spark.corpus.DocumentInfo;
import org.neardup.spark.reference.ReferenceMatch;
import org.neardup.spark.verify.CopyGroup;
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
 * with the best of the text's kept neighbours that come before it.
 *
 * <p>Against references ({@code --against}), which are kept by definition and come before every
 * document: a text with a reference pair is removed, every copy of it, and takes no part in the
 * greedy; each of its copies is named with its best reference (most similar, then the smallest id)
 * unless a kept neighbour before it in the keep order is more similar. A reference that is the
 * match of removed documents heads their group, the groups of references first, in the order of
 * their ids ({@link KeptMember#keptOrdinal()} negative). Stateless.
 */
public final class KeptSetAssembly {
  /** A reference's group before {@link #ranked} numbers it. */
  private static final long UNRANKED = Long.MIN_VALUE;

  private KeptSetAssembly() {}

  /** The group lines, unordered, and the rounds the independent set took. */
  @DefaultSerializer(JavaSerializer.class)
  public record Result(JavaRDD<KeptMember> members, int rounds) {}

  /** A kept document and a similarity to it. */
  @DefaultSerializer(JavaSerializer.class)
  private record Match(DocumentInfo kept, double similarity) implements Serializable {
    /** Whether it is a better match than {@code other}: more similar, then kept earlier. */
    boolean beats(Match other) {
      if (similarity != other.similarity) {
        return similarity > other.similarity;
      }
      return kept.keptBefore(other.kept);
    }
  }

  /** An edge between two texts with their representatives. */
  @DefaultSerializer(JavaSerializer.class)
  private record TextEdge(
      long a, DocumentInfo representativeA, long b, DocumentInfo representativeB, double similarity)
      implements Serializable {}

  /**
   * The groups of the kept set.
   *
   * @param pairs the verified pairs of distinct texts
   * @param copyGroups the texts with copies, each with its copies
   */
  public static Result members(
      JavaSparkContext context,
      JavaRDD<VerifiedPair> pairs,
      JavaRDD<CopyGroup> copyGroups,
      int partitions) {
    return members(context, pairs, copyGroups, null, partitions);
  }

  /**
   * The groups of the kept set after references.
   *
   * @param pairs the verified pairs of distinct texts
   * @param copyGroups the texts with copies, each with its copies
   * @param references each document's best reference pair ({@link ReferenceMatch#beats}), by its
   *     ordinal; null without references
   */
  public static Result members(
      JavaSparkContext context,
      JavaRDD<VerifiedPair> pairs,
      JavaRDD<CopyGroup> copyGroups,
      JavaPairRDD<Long, ReferenceMatch> references,
      int partitions) {
    JavaPairRDD<Long, ReferenceMatch> forced =
        references != null ? references : JavaPairRDD.fromJavaRDD(context.emptyRDD());
    JavaPairRDD<Long, CopyGroup> groups =
        copyGroups
            .mapToPair(group -> new Tuple2<>(group.original().ordinal(), group))
            .persist(StorageLevel.MEMORY_AND_DISK());
    // A text's representative: the first of its copies in the keep order.
    JavaPairRDD<Long, DocumentInfo> representatives =
        pairs
            .flatMapToPair(
                p ->
                    List.of(
                            new Tuple2<>(p.first().ordinal(), p.first()),
                            new Tuple2<>(p.second().ordinal(), p.second()))
                        .iterator())
            .union(groups.mapValues(KeptSetAssembly::representative))
            .reduceByKey((x, y) -> x.keptBefore(y) ? x : y, partitions)
            .persist(StorageLevel.MEMORY_AND_DISK());
    JavaRDD<TextEdge> edges =
        pairs
            .mapToPair(
                p ->
                    new Tuple2<>(
                        p.first().ordinal(), new Tuple2<>(p.second().ordinal(), p.similarity())))
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
    // A text with a reference pair is removed: it keeps no other text out.
    JavaRDD<TextEdge> free =
        references == null
            ? edges
            : edges
                .mapToPair(e -> new Tuple2<>(e.a(), e))
                .subtractByKey(forced, partitions)
                .mapToPair(e -> new Tuple2<>(e._2().b(), e._2()))
                .subtractByKey(forced, partitions)
                .values();
    JavaPairRDD<Long, Long> ordered =
        free.mapToPair(
            e ->
                e.representativeA().keptBefore(e.representativeB())
                    ? new Tuple2<>(e.a(), e.b())
                    : new Tuple2<>(e.b(), e.a()));
    GreedyIndependentSet.Result independent = GreedyIndependentSet.of(context, ordered, partitions);
    // Kept texts have no kept neighbour; each removed text has one kept before its representative.
    // Each member's match is the best of its text's kept neighbours that come before the member in
    // the keep order (so a later copy of a removed text may find one its representative could not).
    JavaPairRDD<Long, Tuple2<Long, Match>> neighbourOf =
        edges.flatMapToPair(
            e ->
                List.of(
                        new Tuple2<>(
                            e.b(),
                            new Tuple2<>(e.a(), new Match(e.representativeB(), e.similarity()))),
                        new Tuple2<>(
                            e.a(),
                            new Tuple2<>(e.b(), new Match(e.representativeA(), e.similarity()))))
                    .iterator());
    // A text in no edge among texts without a reference pair is kept, unless it has one itself.
    JavaPairRDD<Long, Tuple2<Long, Match>> keptNeighbour =
        references == null
            ? neighbourOf
                .join(independent.decisions(), partitions)
                .filter(e -> e._2()._2())
                .mapValues(e -> e._1())
            : neighbourOf
                .leftOuterJoin(independent.decisions(), partitions)
                .filter(e -> e._2()._2().orElse(true))
                .mapValues(e -> e._1())
                .subtractByKey(forced, partitions);
    JavaPairRDD<Long, Iterable<Match>> keptNeighbours =
        keptNeighbour.mapToPair(e -> e._2()).groupByKey(partitions);
    JavaRDD<KeptMember> removed =
        representatives
            .leftOuterJoin(keptNeighbours, partitions)
            .leftOuterJoin(groups, partitions)
            .leftOuterJoin(forced, partitions)
            .flatMap(
                e -> {
                  DocumentInfo representative = e._2()._1()._1()._1();
                  Optional<Iterable<Match>> neighbours = e._2()._1()._1()._2();
                  Optional<CopyGroup> copies = e._2()._1()._2();
                  ReferenceMatch reference = e._2()._2().orElse(null);
                  List<DocumentInfo> members = new ArrayList<>();
                  if (copies.isPresent()) {
                    members.add(copies.get().original());
                    members.addAll(copies.get().copies());
                  } else {
                    members.add(representative);
                  }
                  List<KeptMember> lines = new ArrayList<>();
                  for (DocumentInfo member : members) {
                    Match match = neighbours.isPresent() ? best(neighbours.get(), member) : null;
                    if (reference != null
                        && (match == null || match.similarity() <= reference.similarity())) {
                      lines.add(forReference(reference, member));
                    } else if (match != null) {
                      lines.add(removed(match.kept(), member, match.similarity()));
                    } else if (member.ordinal() != representative.ordinal()) {
                      lines.add(removed(representative, member, 1.0));
                    }
                  }
                  return lines.iterator();
                });
    if (references != null) {
      // Documents with a reference pair and neither a pair among the documents nor a copy.
      JavaPairRDD<Long, Boolean> covered =
          representatives
              .mapValues(r -> true)
              .union(
                  groups.flatMapToPair(
                      g ->
                          g._2().copies().stream()
                              .map(c -> new Tuple2<>(c.ordinal(), true))
                              .iterator()));
      removed =
          removed.union(
              forced
                  .subtractByKey(covered, partitions)
                  .map(
                      e ->
                          new KeptMember(
                              UNRANKED,
                              e._1(),
                              e._2().referenceId(),
                              e._2().id(),
                              false,
                              e._2().similarity())));
      removed = ranked(removed, partitions);
    }
    removed = removed.persist(StorageLevel.MEMORY_AND_DISK());
    JavaRDD<KeptMember> kept =
        removed
            .mapToPair(m -> new Tuple2<>(m.keptOrdinal(), m.keptId()))
            .reduceByKey((x, y) -> x, partitions)
            .map(e -> KeptMember.kept(e._1(), e._2()));
    JavaRDD<KeptMember> all = removed.union(kept).persist(StorageLevel.MEMORY_AND_DISK());
    all.count();
    removed.unpersist(false);
    edges.unpersist(false);
    groups.unpersist(false);
    representatives.unpersist(false);
    independent.decisions().unpersist(false);
    return new Result(all, independent.rounds());
  }

  /**
   * {@code members} with the groups of references numbered: each reference id that is a match gets
   * {@code rank - count}, so their groups come first, in the order of their ids.
   */
  private static JavaRDD<KeptMember> ranked(JavaRDD<KeptMember> members, int partitions) {
    JavaPairRDD<String, Long> ranks =
        members
            .filter(m -> m.keptOrdinal() == UNRANKED)
            .map(KeptMember::keptId)
            .distinct(partitions)
            .sortBy(id -> id, true, partitions)
            .zipWithIndex();
    long count = ranks.count();
    JavaPairRDD<String, Long> ordinals = ranks.mapValues(rank -> rank - count);
    return members
        .filter(m -> m.keptOrdinal() != UNRANKED)
        .union(
            members
                .filter(m -> m.keptOrdinal() == UNRANKED)
                .mapToPair(m -> new Tuple2<>(m.keptId(), m))
                .join(ordinals, partitions)
                .map(
                    e -> {
                      KeptMember m = e._2()._1();
                      return new KeptMember(
                          e._2()._2(),
                          m.memberOrdinal(),
                          m.keptId(),
                          m.memberId(),
                          false,
                          m.similarity());
                    }));
  }

  /** A member removed for its reference, its group not numbered yet. */
  private static KeptMember forReference(ReferenceMatch reference, DocumentInfo member) {
    return new KeptMember(
        UNRANKED,
        member.ordinal(),
        reference.referenceId(),
        member.id(),
        false,
        reference.similarity());
  }

  /** The best of {@code matches} kept before {@code member} in the keep order, or null. */
  private static Match best(Iterable<Match> matches, DocumentInfo member) {
    Match best = null;
    for (Match match : matches) {
      if (match.kept().keptBefore(member) && (best == null || match.beats(best))) {
        best = match;
      }
    }
    return best;
  }

  /** The first of a copy group in the keep order. */
  private static DocumentInfo representative(CopyGroup group) {
    DocumentInfo best = group.original();
    for (DocumentInfo copy : group.copies()) {
      if (copy.keptBefore(best)) {
        best = copy;
      }
    }
    return best;
  }

  private static KeptMember removed(DocumentInfo kept, DocumentInfo member, double similarity) {
    return new KeptMember(
        kept.ordinal(), member.ordinal(), kept.id(), member.id(), false, similarity);
  }
}
