package org.neardup.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntUnaryOperator;
import org.neardup.verify.SimilarPair;

/**
 * Connected components over confirmed pairs (union-find), each with a representative chosen by a
 * {@link KeepPolicy}. The result depends only on the set of pairs, not their order: clusters are
 * ordered by their first-seen member and members by ordinal. Stateless and thread-safe.
 */
public final class Clusterer {
  private Clusterer() {}

  /**
   * The clusters of two or more members among documents 0..documentCount-1.
   *
   * @param textLength the text length of each ordinal, for {@link KeepPolicy#LONGEST} and {@link
   *     KeepPolicy#SHORTEST}
   */
  public static List<Cluster> cluster(
      int documentCount,
      Iterable<SimilarPair> pairs,
      KeepPolicy keep,
      IntUnaryOperator textLength) {
    return cluster(documentCount, pairs, KeptSet.keepOrder(documentCount, keep, textLength));
  }

  /**
   * The clusters of two or more members among documents 0..documentCount-1, each represented by its
   * member that comes first in {@code order} (as {@link KeepOrder#order} gives it).
   */
  public static List<Cluster> cluster(int documentCount, Iterable<SimilarPair> pairs, int[] order) {
    if (order.length != documentCount) {
      throw new IllegalArgumentException(
          "the keep order has " + order.length + " ordinals for " + documentCount + " documents");
    }
    int[] rank = new int[documentCount];
    for (int r = 0; r < documentCount; r++) {
      rank[order[r]] = r;
    }
    UnionFind sets = new UnionFind(documentCount);
    for (SimilarPair pair : pairs) {
      sets.union(pair.first(), pair.second());
    }
    // Group ordinals by root: counts, then offsets, then fill (members come out increasing).
    int[] root = new int[documentCount];
    int[] count = new int[documentCount];
    for (int i = 0; i < documentCount; i++) {
      root[i] = sets.find(i);
      count[root[i]]++;
    }
    int[][] membersByRoot = new int[documentCount][];
    int[] filled = new int[documentCount];
    List<Cluster> clusters = new ArrayList<>();
    for (int i = 0; i < documentCount; i++) {
      int r = root[i];
      if (count[r] < 2) {
        continue;
      }
      if (membersByRoot[r] == null) {
        membersByRoot[r] = new int[count[r]];
      }
      membersByRoot[r][filled[r]++] = i;
    }
    for (int i = 0; i < documentCount; i++) {
      int[] members = membersByRoot[root[i]];
      if (members != null && members[0] == i) {
        int best = members[0];
        for (int m : members) {
          best = rank[m] < rank[best] ? m : best;
        }
        clusters.add(new Cluster(members, best));
      }
    }
    return clusters;
  }
}
