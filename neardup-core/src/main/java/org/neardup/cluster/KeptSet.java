package org.neardup.cluster;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.function.IntUnaryOperator;
import org.neardup.verify.ReferencePair;
import org.neardup.verify.SimilarPair;

/**
 * The documents a dedup keeps, chosen so that two guarantees hold for the given pairs: (a) every
 * removed document has a kept neighbour, its match, named with their similarity; (b) no two kept
 * documents are a pair. It is a maximal independent set of the pair graph, chosen greedily:
 *
 * <ol>
 *   <li>Documents are walked in a {@link KeepOrder} (by default {@code FIRST}, by ordinal; {@code
 *       LONGEST} by text length descending, {@code SHORTEST} ascending, a field's value; ties by
 *       ordinal).
 *   <li>A document is kept iff none of its neighbours is already kept; otherwise it is removed.
 *   <li>A removed document's match is, among its neighbours kept before it in keep order (those
 *       that removed it), the one with the highest similarity, ties to the earliest in keep order.
 *   <li>Each kept document that is the match of at least one removed document forms a {@link Group}
 *       with them: so the kept document comes first in keep order in its group (the longest, the
 *       highest value of the field).
 * </ol>
 *
 * <p>With references (a run {@code --against} documents kept by definition and not written): the
 * references come before every document in keep order, in their index order, and are all kept
 * (pairs among them are never given); so a document with a reference pair is removed, and its match
 * is the most similar of its references and of its neighbours kept before it, ties to a reference,
 * among references to the lowest index.
 *
 * <p>The result depends only on the set of pairs (not their order or repetition) and the order.
 * Unlike {@link Clusterer}'s connected components, a chain A~B~C never removes C for A when A and C
 * are not a pair. Runs in O(n log n + pairs) time (the sort only for an order other than input
 * order) with primitive arrays: about 4 bytes per pair and 28 per document. Immutable and
 * thread-safe.
 *
 * @since 0.1.0
 */
public final class KeptSet {
  private final int[] match; // the kept document's ordinal, or -1 - r for reference r
  private final double[] similarity;
  private final int[] rank;
  private final int[] clusterSize;
  private final int removedCount;
  private final List<Group> groups;
  private final List<Group> referenceGroups;

  private KeptSet(
      int[] match,
      double[] similarity,
      int[] rank,
      int[] clusterSize,
      int removedCount,
      List<Group> groups,
      List<Group> referenceGroups) {
    this.match = match;
    this.similarity = similarity;
    this.rank = rank;
    this.clusterSize = clusterSize;
    this.removedCount = removedCount;
    this.groups = groups;
    this.referenceGroups = referenceGroups;
  }

  /**
   * Chooses the kept set among documents 0..documentCount-1 in the order of a {@link KeepPolicy}.
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
    Objects.requireNonNull(textLength, "textLength");
    return choose(documentCount, pairs, keepOrder(documentCount, keep, textLength));
  }

  /**
   * Chooses the kept set among documents 0..documentCount-1 walked in {@code order} (as {@link
   * KeepOrder#order} gives it).
   *
   * @param order every ordinal once, the first decided first
   * @throws IllegalArgumentException if a pair names an ordinal outside 0..documentCount-1, or
   *     {@code order} is not a permutation of them
   */
  public static KeptSet choose(int documentCount, Iterable<SimilarPair> pairs, int[] order) {
    return choose(documentCount, pairs, order, List.of());
  }

  /**
   * Chooses the kept set among documents 0..documentCount-1 walked in {@code order}, after
   * references that are kept by definition: a document with a pair in {@code referencePairs} is
   * removed, its match the most similar of its references and of its neighbours kept before it
   * (ties to a reference, among references to the lowest index). A match that is a reference reads
   * as {@code -1 - r} from {@link #matchOf} ({@link #isReference}, {@link #referenceIndex}).
   *
   * @param referencePairs the confirmed pairs of a document and a reference; iterated once
   * @throws IllegalArgumentException if a pair names an ordinal outside 0..documentCount-1, or
   *     {@code order} is not a permutation of them
   */
  public static KeptSet choose(
      int documentCount,
      Iterable<SimilarPair> pairs,
      int[] order,
      Iterable<ReferencePair> referencePairs) {
    Objects.requireNonNull(pairs, "pairs");
    Objects.requireNonNull(order, "order");
    Objects.requireNonNull(referencePairs, "referencePairs");
    if (documentCount < 0) {
      throw new IllegalArgumentException("documentCount must be at least 0, got " + documentCount);
    }
    int[] rank = ranks(documentCount, order);
    int[] match = new int[documentCount];
    double[] similarity = new double[documentCount];
    Arrays.fill(similarity, Double.NEGATIVE_INFINITY);
    // The best reference of each document: highest similarity, ties to the lowest index.
    int references = 0;
    Arrays.fill(match, Integer.MAX_VALUE); // no reference
    for (ReferencePair pair : referencePairs) {
      int doc = pair.document();
      if (doc >= documentCount) {
        throw new IllegalArgumentException(
            "pair " + pair + " names a document outside 0.." + (documentCount - 1));
      }
      references = Math.max(references, pair.reference() + 1);
      int best = match[doc] == Integer.MAX_VALUE ? -1 : -1 - match[doc];
      if (best < 0
          || pair.similarity() > similarity[doc]
          || (pair.similarity() == similarity[doc] && pair.reference() < best)) {
        match[doc] = -1 - pair.reference();
        similarity[doc] = pair.similarity();
      }
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
    // Greedy: a document is kept iff it has no reference pair and no earlier neighbour is kept.
    // match[i] == i marks kept; a removed document's match is -1 - r for its best reference, or
    // Integer.MIN_VALUE until its best kept neighbour is found.
    int removed = 0;
    for (int doc : order) {
      if (match[doc] != Integer.MAX_VALUE) {
        removed++; // a reference's pair
        continue;
      }
      match[doc] = doc;
      similarity[doc] = 1.0;
      for (int e = start[doc]; e < start[doc + 1]; e++) {
        int neighbour = earlier[e];
        if (match[neighbour] == neighbour) {
          match[doc] = Integer.MIN_VALUE;
          similarity[doc] = Double.NEGATIVE_INFINITY;
          removed++;
          break;
        }
      }
    }
    earlier = null;
    start = null;
    // Match: the best kept neighbour before it in keep order, ties to the earliest (and to a
    // reference, which comes before every document).
    for (SimilarPair pair : pairs) {
      offer(pair.first(), pair.second(), pair.similarity(), match, similarity, rank);
      offer(pair.second(), pair.first(), pair.similarity(), match, similarity, rank);
    }
    int[] clusterSize = new int[documentCount];
    int[] referenceSize = new int[references];
    for (int i = 0; i < documentCount; i++) {
      if (match[i] == i) {
        clusterSize[i]++;
      } else if (match[i] >= 0) {
        clusterSize[match[i]]++;
      } else {
        referenceSize[-1 - match[i]]++;
      }
    }
    return new KeptSet(
        match,
        similarity,
        rank,
        clusterSize,
        removed,
        groups(match, similarity, clusterSize, false),
        groups(match, similarity, referenceSize, true));
  }

  /** The document ordinals in {@code keep}'s order. */
  static int[] keepOrder(int documentCount, KeepPolicy keep, IntUnaryOperator textLength) {
    return KeepOrder.of(keep)
        .order(
            documentCount,
            new KeepOrder.Keys() {
              @Override
              public int input(int ordinal) {
                return 0;
              }

              @Override
              public int textLength(int ordinal) {
                return textLength.applyAsInt(ordinal);
              }

              @Override
              public double fieldValue(int ordinal) {
                throw new UnsupportedOperationException("no field");
              }
            });
  }

  private static int[] ranks(int documentCount, int[] order) {
    if (order.length != documentCount) {
      throw new IllegalArgumentException(
          "the keep order has " + order.length + " ordinals for " + documentCount + " documents");
    }
    int[] rank = new int[documentCount];
    Arrays.fill(rank, -1);
    for (int r = 0; r < documentCount; r++) {
      int doc = order[r];
      if (doc < 0 || doc >= documentCount || rank[doc] >= 0) {
        throw new IllegalArgumentException(
            "the keep order is not a permutation of 0.." + (documentCount - 1) + " at " + r);
      }
      rank[doc] = r;
    }
    return rank;
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
    if (match[removed] == removed || match[kept] != kept || rank[kept] > rank[removed]) {
      return;
    }
    int current = match[removed];
    if (current == Integer.MIN_VALUE
        || pairSimilarity > similarity[removed]
        || (pairSimilarity == similarity[removed] && current >= 0 && rank[kept] < rank[current])) {
      match[removed] = kept;
      similarity[removed] = pairSimilarity;
    }
  }

  /**
   * The groups headed by kept documents ({@code references} false: {@code size} by ordinal) or by
   * references ({@code size} by reference index), each with the documents whose match it is.
   */
  private static List<Group> groups(
      int[] match, double[] similarity, int[] size, boolean references) {
    int n = match.length;
    int[][] members = new int[size.length][];
    double[][] similarities = new double[size.length][];
    int[] filled = new int[size.length];
    for (int i = 0; i < n; i++) {
      int m = match[i];
      if (m == i || (m < 0) != references) {
        continue;
      }
      int head = references ? -1 - m : m;
      if (members[head] == null) {
        int removed = references ? size[head] : size[head] - 1;
        members[head] = new int[removed];
        similarities[head] = new double[removed];
      }
      members[head][filled[head]] = i;
      similarities[head][filled[head]++] = similarity[i];
    }
    List<Group> groups = new ArrayList<>();
    for (int head = 0; head < size.length; head++) {
      if (members[head] != null) {
        groups.add(new Group(head, references, members[head], similarities[head]));
      }
    }
    return Collections.unmodifiableList(groups);
  }

  /** The number of documents, kept and removed (references not counted). */
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

  /**
   * The kept document {@code ordinal} duplicates, or {@code ordinal} itself if it is kept; {@code
   * -1 - r} when it duplicates reference {@code r} ({@link #isReference}).
   */
  public int matchOf(int ordinal) {
    return match[ordinal];
  }

  /** Whether a {@linkplain #matchOf match} is a reference rather than a kept document. */
  public static boolean isReference(int match) {
    return match < 0;
  }

  /** The reference index of a match that {@linkplain #isReference is a reference}. */
  public static int referenceIndex(int match) {
    if (match >= 0) {
      throw new IllegalArgumentException("match " + match + " is a document, not a reference");
    }
    return -1 - match;
  }

  /** The similarity of {@code ordinal} to its {@linkplain #matchOf match}; 1.0 if it is kept. */
  public double similarityOf(int ordinal) {
    return similarity[ordinal];
  }

  /**
   * How many documents a kept document stands for, itself included: 1 plus the removed documents
   * whose match it is; 0 for a removed document. Without references they add up to the documents.
   */
  public int clusterSize(int ordinal) {
    return clusterSize[ordinal];
  }

  /** The position of {@code ordinal} in the keep order (0 is decided first). */
  public int keepRank(int ordinal) {
    return rank[ordinal];
  }

  /**
   * The groups headed by kept documents: each kept document that is the match of a removed one,
   * with those removed documents. Ordered by the kept document's ordinal; unmodifiable.
   */
  public List<Group> groups() {
    return groups;
  }

  /**
   * The groups headed by references: each reference that is the match of a removed document, with
   * those documents. Ordered by reference index; unmodifiable; empty without references.
   */
  public List<Group> referenceGroups() {
    return referenceGroups;
  }

  /**
   * A kept document (or a reference) and the removed documents whose match it is, in increasing
   * ordinal, each with its similarity to the kept one. Immutable.
   */
  public static final class Group {
    private final int kept;
    private final boolean reference;
    private final int[] removed;
    private final double[] similarity;

    Group(int kept, boolean reference, int[] removed, double[] similarity) {
      this.kept = kept;
      this.reference = reference;
      this.removed = removed;
      this.similarity = similarity;
    }

    /** The kept document's ordinal, which names the group; a reference's index for a reference. */
    public int kept() {
      return kept;
    }

    /** Whether the group is headed by a reference ({@link #kept()} is then its index). */
    public boolean isReference() {
      return reference;
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

    /**
     * The group as a {@link Cluster}: all members increasing, the kept one as representative.
     *
     * @throws IllegalStateException for a group headed by a reference, which is no member
     */
    public Cluster toCluster() {
      if (reference) {
        throw new IllegalStateException("a reference's group has no kept member");
      }
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
      return "Group["
          + (reference ? "reference=" : "kept=")
          + kept
          + ", removed="
          + Arrays.toString(removed)
          + "]";
    }
  }
}
