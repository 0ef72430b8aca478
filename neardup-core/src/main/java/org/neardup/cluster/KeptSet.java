package org.neardup.cluster;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.function.IntUnaryOperator;
import org.neardup.verify.SimilarPair;

/**
 * The documents a dedup keeps, chosen so that two guarantees hold for the given pairs: (a) every
 * removed document has a kept neighbour, its match, named with their similarity; (b) no two kept
 * documents are a pair. It is a maximal independent set of the pair graph, chosen greedily:
 *
 * <ol>
 *   <li>Documents are walked in the {@link KeepPolicy}'s order: {@code FIRST} by ordinal; {@code
 *       LONGEST} by text length descending, {@code SHORTEST} ascending, ties by ordinal.
 *   <li>A document is kept iff none of its neighbours is already kept; otherwise it is removed.
 *   <li>A removed document's match is, among all its kept neighbours, the one with the highest
 *       similarity, ties to the earliest in keep order.
 *   <li>Each kept document that is the match of at least one removed document forms a {@link Group}
 *       with them.
 * </ol>
 *
 * <p>The result depends only on the set of pairs (not their order or repetition), the keep policy
 * and the lengths. Unlike {@link Clusterer}'s connected components, a chain A~B~C never removes C
 * for A when A and C are not a pair. Runs in O(n log n + pairs) time (the sort only for LONGEST and
 * SHORTEST) with primitive arrays: about 4 bytes per pair and 24 per document. Immutable and
 * thread-safe.
 *
 * @since 0.1.0
 */
public final class KeptSet {
  private final int[] match;
  private final double[] similarity;
  private final int[] rank;
  private final int removedCount;
  private final List<Group> groups;

  private KeptSet(
      int[] match, double[] similarity, int[] rank, int removedCount, List<Group> groups) {
    this.match = match;
    this.similarity = similarity;
    this.rank = rank;
    this.removedCount = removedCount;
    this.groups = groups;
  }

  /**
   * Chooses the kept set among documents 0..documentCount-1.
   *
   * @param documentCount the number of documents
   * @param pairs the confirmed pairs, each with its similarity; iterated three times
   * @param keep the keep order
   * @param textLength the text length of each ordinal, read for {@link KeepPolicy#LONGEST} and
   *     {@link KeepPolicy#SHORTEST}
   * @throws IllegalArgumentException if a pair names an ordinal outside 0..documentCount-1, or a
   *     text length is negative
   */
  public static KeptSet choose(
      int documentCount,
      Iterable<SimilarPair> pairs,
      KeepPolicy keep,
      IntUnaryOperator textLength) {
    Objects.requireNonNull(pairs, "pairs");
    Objects.requireNonNull(keep, "keep");
    Objects.requireNonNull(textLength, "textLength");
    if (documentCount < 0) {
      throw new IllegalArgumentException("documentCount must be at least 0, got " + documentCount);
    }
    int[] order = keepOrder(documentCount, keep, textLength);
    int[] rank = new int[documentCount];
    for (int r = 0; r < documentCount; r++) {
      rank[order[r]] = r;
    }
    // Each pair once, as an earlier neighbour (in keep order) of the later one: compressed rows.
    int[] start = new int[documentCount + 1];
    long edges = 0;
    for (SimilarPair pair : pairs) {
      checkOrdinals(pair, documentCount);
      start[later(pair, rank) + 1]++;
      edges++;
    }
    if (edges > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("too many pairs for one kept set: " + edges);
    }
    for (int i = 0; i < documentCount; i++) {
      start[i + 1] += start[i];
    }
    int[] earlier = new int[(int) edges];
    int[] fill = Arrays.copyOf(start, documentCount);
    for (SimilarPair pair : pairs) {
      int later = later(pair, rank);
      earlier[fill[later]++] = later == pair.first() ? pair.second() : pair.first();
    }
    fill = null;
    // Greedy: a document is kept iff no earlier neighbour is kept. match[i] == i marks kept.
    int[] match = new int[documentCount];
    double[] similarity = new double[documentCount];
    int removed = 0;
    for (int r = 0; r < documentCount; r++) {
      int doc = order[r];
      match[doc] = doc;
      similarity[doc] = 1.0;
      for (int e = start[doc]; e < start[doc + 1]; e++) {
        int neighbour = earlier[e];
        if (match[neighbour] == neighbour) {
          match[doc] = -1;
          similarity[doc] = Double.NEGATIVE_INFINITY;
          removed++;
          break;
        }
      }
    }
    earlier = null;
    start = null;
    // Match: the best kept neighbour over all pairs, ties to the earliest in keep order.
    for (SimilarPair pair : pairs) {
      offer(pair.first(), pair.second(), pair.similarity(), match, similarity, rank);
      offer(pair.second(), pair.first(), pair.similarity(), match, similarity, rank);
    }
    return new KeptSet(match, similarity, rank, removed, groups(match, similarity));
  }

  /** The document ordinals in keep order. */
  static int[] keepOrder(int documentCount, KeepPolicy keep, IntUnaryOperator textLength) {
    int[] order = new int[documentCount];
    if (keep == KeepPolicy.FIRST) {
      Arrays.setAll(order, i -> i);
      return order;
    }
    long[] keys = new long[documentCount];
    for (int i = 0; i < documentCount; i++) {
      int length = textLength.applyAsInt(i);
      if (length < 0) {
        throw new IllegalArgumentException(
            "text length of document " + i + " is negative: " + length);
      }
      long key = keep == KeepPolicy.LONGEST ? Integer.MAX_VALUE - length : length;
      keys[i] = key << 32 | i;
    }
    Arrays.sort(keys);
    for (int r = 0; r < documentCount; r++) {
      order[r] = (int) keys[r];
    }
    return order;
  }

  private static void checkOrdinals(SimilarPair pair, int documentCount) {
    if (pair.first() < 0 || pair.second() >= documentCount) {
      throw new IllegalArgumentException(
          "pair " + pair + " names a document outside 0.." + (documentCount - 1));
    }
  }

  private static int later(SimilarPair pair, int[] rank) {
    return rank[pair.first()] > rank[pair.second()] ? pair.first() : pair.second();
  }

  private static void offer(
      int removed, int kept, double pairSimilarity, int[] match, double[] similarity, int[] rank) {
    if (match[removed] == removed || match[kept] != kept) {
      return;
    }
    int current = match[removed];
    if (current < 0
        || pairSimilarity > similarity[removed]
        || (pairSimilarity == similarity[removed] && rank[kept] < rank[current])) {
      match[removed] = kept;
      similarity[removed] = pairSimilarity;
    }
  }

  private static List<Group> groups(int[] match, double[] similarity) {
    int n = match.length;
    int[] count = new int[n];
    for (int i = 0; i < n; i++) {
      if (match[i] != i) {
        count[match[i]]++;
      }
    }
    int[][] members = new int[n][];
    double[][] similarities = new double[n][];
    int[] filled = new int[n];
    for (int i = 0; i < n; i++) {
      int kept = match[i];
      if (kept == i) {
        continue;
      }
      if (members[kept] == null) {
        members[kept] = new int[count[kept]];
        similarities[kept] = new double[count[kept]];
      }
      members[kept][filled[kept]] = i;
      similarities[kept][filled[kept]++] = similarity[i];
    }
    List<Group> groups = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      if (members[i] != null) {
        groups.add(new Group(i, members[i], similarities[i]));
      }
    }
    return Collections.unmodifiableList(groups);
  }

  /** The number of documents, kept and removed. */
  public int documentCount() {
    return match.length;
  }

  /** The number of removed documents. */
  public int removedCount() {
    return removedCount;
  }

  /** The number of kept documents, including those without any pair. */
  public int keptCount() {
    return match.length - removedCount;
  }

  /** Whether {@code ordinal} is kept; documents without pairs are. */
  public boolean isKept(int ordinal) {
    return match[ordinal] == ordinal;
  }

  /** The kept document {@code ordinal} duplicates, or {@code ordinal} itself if it is kept. */
  public int matchOf(int ordinal) {
    return match[ordinal];
  }

  /** The similarity of {@code ordinal} to its {@linkplain #matchOf match}; 1.0 if it is kept. */
  public double similarityOf(int ordinal) {
    return similarity[ordinal];
  }

  /** The position of {@code ordinal} in the keep order (0 is decided first). */
  public int keepRank(int ordinal) {
    return rank[ordinal];
  }

  /**
   * The groups: each kept document that is the match of a removed one, with those removed
   * documents. Ordered by the kept document's ordinal; unmodifiable.
   */
  public List<Group> groups() {
    return groups;
  }

  /**
   * A kept document and the removed documents whose match it is, in increasing ordinal, each with
   * its similarity to the kept one. Immutable.
   */
  public static final class Group {
    private final int kept;
    private final int[] removed;
    private final double[] similarity;

    Group(int kept, int[] removed, double[] similarity) {
      this.kept = kept;
      this.removed = removed;
      this.similarity = similarity;
    }

    /** The kept document's ordinal, which names the group. */
    public int kept() {
      return kept;
    }

    /** The number of removed documents in the group (at least 1). */
    public int removedCount() {
      return removed.length;
    }

    /** The {@code index}-th removed document's ordinal (increasing with {@code index}). */
    public int removed(int index) {
      return removed[index];
    }

    /** The {@code index}-th removed document's similarity to the kept one. */
    public double similarity(int index) {
      return similarity[index];
    }

    /** The removed documents' ordinals, a copy. */
    public int[] removedOrdinals() {
      return removed.clone();
    }

    /** The group as a {@link Cluster}: all members increasing, the kept one as representative. */
    public Cluster toCluster() {
      int[] members = new int[removed.length + 1];
      int k = 0;
      int r = 0;
      while (r < removed.length && removed[r] < kept) {
        members[k++] = removed[r++];
      }
      members[k++] = kept;
      while (r < removed.length) {
        members[k++] = removed[r++];
      }
      return new Cluster(members, kept);
    }

    @Override
    public String toString() {
      return "Group[kept=" + kept + ", removed=" + Arrays.toString(removed) + "]";
    }
  }
}
