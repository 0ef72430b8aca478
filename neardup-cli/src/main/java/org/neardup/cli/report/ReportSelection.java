package org.neardup.cli.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.neardup.cluster.Cluster;
import org.neardup.cluster.KeptSet;
import org.neardup.verify.SimilarPair;

/**
 * Which clusters, removals and pairs a report shows: the largest clusters, the least similar
 * removals, the least similar pairs.
 */
final class ReportSelection {
  /** Least similar first; ties by ordinals, so the choice is deterministic. */
  static final Comparator<SimilarPair> LEAST_SIMILAR_FIRST =
      Comparator.comparingDouble(SimilarPair::similarity)
          .thenComparingInt(SimilarPair::first)
          .thenComparingInt(SimilarPair::second);

  /**
   * A cluster and the pairs shown for it.
   *
   * @param lowestSimilarity the least similarity of a pair in the cluster
   * @param pairs the pairs shown: none when every pair has similarity 1 (one text says it all)
   */
  record ClusterPairs(Cluster cluster, double lowestSimilarity, List<SimilarPair> pairs) {
    /** Whether all members have identical shingle sets. */
    boolean identical() {
      return lowestSimilarity >= 1;
    }
  }

  /** A removed document, the kept one it duplicates, and their similarity (ordinals). */
  record Removal(int kept, int removed, double similarity) {}

  private ReportSelection() {}

  /**
   * The {@code count} removals of the kept set whose kept match is least similar: dedup's closest
   * calls. Ties by the removed document's ordinal.
   */
  static List<Removal> leastSimilarRemovals(KeptSet kept, int count) {
    List<Removal> removals = new ArrayList<>(kept.removedCount());
    for (int i = 0; i < kept.documentCount(); i++) {
      if (!kept.isKept(i)) {
        removals.add(new Removal(kept.matchOf(i), i, kept.similarityOf(i)));
      }
    }
    return removals.stream()
        .sorted(Comparator.comparingDouble(Removal::similarity).thenComparingInt(Removal::removed))
        .limit(count)
        .toList();
  }

  /**
   * The {@code count} largest clusters, largest first; ties in input order of their first member.
   */
  static List<Cluster> largest(List<Cluster> clusters, int count) {
    return clusters.stream()
        .sorted(Comparator.comparingInt(Cluster::size).reversed().thenComparingInt(Cluster::first))
        .limit(count)
        .toList();
  }

  /** The {@code count} least similar pairs, least similar first. */
  static List<SimilarPair> leastSimilar(List<SimilarPair> pairs, int count) {
    return pairs.stream().sorted(LEAST_SIMILAR_FIRST).limit(count).toList();
  }

  /**
   * For each of {@code clusters}, its {@code perCluster} least similar pairs, or none when all its
   * members are identical (similarity 1).
   */
  static List<ClusterPairs> clusterPairs(
      List<Cluster> clusters, List<SimilarPair> pairs, int perCluster) {
    Map<Integer, List<SimilarPair>> byCluster = new HashMap<>();
    Map<Integer, Integer> clusterOf = new HashMap<>();
    for (int c = 0; c < clusters.size(); c++) {
      for (int member : clusters.get(c).members()) {
        clusterOf.put(member, c);
      }
      byCluster.put(c, new ArrayList<>());
    }
    for (SimilarPair pair : pairs) {
      Integer c = clusterOf.get(pair.first());
      if (c != null) {
        byCluster.get(c).add(pair);
      }
    }
    List<ClusterPairs> result = new ArrayList<>();
    for (int c = 0; c < clusters.size(); c++) {
      List<SimilarPair> least = leastSimilar(byCluster.get(c), Math.max(1, perCluster));
      double lowest = least.isEmpty() ? 1 : least.get(0).similarity();
      result.add(
          new ClusterPairs(
              clusters.get(c),
              lowest,
              lowest >= 1 ? List.of() : least.subList(0, Math.min(perCluster, least.size()))));
    }
    return result;
  }
}
