package org.neardup.search;

import java.util.Arrays;
import org.neardup.api.Faces;
import org.neardup.collect.LongIntHashMap;
import org.neardup.verify.Containment;

/**
 * One containment query: "which documents contain at least a fraction t of this shingle set?",
 * answered over posting lists of sampled shingles ({@link ContainmentPlan}).
 *
 * <ol>
 *   <li>{@link #candidates}: the query's k sampled shingles are sorted by posting-list length; the
 *       documents in the k − h + 1 shortest lists are the candidates (a document holding h of the k
 *       must be in one of them: prefix filtering; where the store cannot tell lengths, any k − h +
 *       1 lists do; a query keeps at most {@link ContainmentPlan#MAX_QUERY_SAMPLE} sampled
 *       shingles). Their hits are counted there, and in the following lists too as long as a list
 *       is no longer than the candidates alive are many, or holds at most 16 entries a candidate
 *       with no miss to spare: a candidate may miss only k − h lists, so each list read drops those
 *       out of misses (most, after the first such list) before their sets are ever read.
 *   <li>{@link Candidates#verify}: a candidate must hold h of the k sampled shingles (the sampled
 *       shingles not counted are searched for in its set), then the exact containment |Q ∩ X| / |Q|
 *       must reach t.
 * </ol>
 *
 * Immutable once made; thread-safe.
 */
@Faces
public final class ContainmentQuery {
  /**
   * Read a posting list also while it holds at most this many entries a candidate with no miss to
   * spare (one the list drops unless it holds it), not only while it is no longer than the
   * candidates alive are many (reading an entry and searching a candidate's set for one shingle
   * cost about the same): a candidate left costs more than one search (a search for every list not
   * read, its set read — from disk in the service — and the merge if it passes); the answers, which
   * have misses to spare, are no reason to read.
   */
  private static final int READ_FACTOR = 16;

  private final long[] query;
  private final long[] sampled;
  private final int minimumHits;
  private final double threshold;

  /** The query {@code shingleSet} (sorted, distinct) under {@code plan}. */
  public ContainmentQuery(ContainmentPlan plan, long[] shingleSet) {
    this.query = shingleSet;
    this.sampled = plan.querySample(shingleSet);
    this.minimumHits = plan.minimumHits(sampled.length);
    this.threshold = plan.threshold();
  }

  /** The query's shingle set. */
  public long[] shingleSet() {
    return query;
  }

  /** The query's sampled shingles ({@link ContainmentPlan#querySample}), sorted. */
  public long[] sampled() {
    return sampled;
  }

  /** h: how many sampled shingles a candidate must hold. */
  public int minimumHits() {
    return minimumHits;
  }

  /** How many posting lists make the candidates: k − h + 1 (0 for a query with no sample). */
  int probed() {
    return sampled.length == 0 ? 0 : sampled.length - minimumHits + 1;
  }

  /** The candidates of this query in {@code postings}. */
  public Candidates candidates(Postings postings) {
    int probe = probed();
    if (probe == 0) {
      return new Candidates(new long[0], new int[0], new long[0], this);
    }
    long[] order = new long[sampled.length];
    for (int i = 0; i < sampled.length; i++) {
      order[i] = ((long) postings.size(sampled[i]) << 32) | i;
    }
    Arrays.sort(order);
    long probedEntries = 0;
    long[] probedKeys = new long[probe];
    for (int p = 0; p < probe; p++) {
      probedEntries += order[p] >>> 32;
      probedKeys[p] = sampled[(int) order[p]];
    }
    boolean sized = (order[sampled.length - 1] >>> 32) > 0; // else the store cannot tell lengths
    Counts counts = new Counts((int) Math.min(1 << 24, Math.max(64, probedEntries)));
    postings.forEach(probedKeys, counts::add);
    // A candidate may miss k - h of the k lists. The probe leaves those found once with no miss to
    // spare, so the next list read drops most of them: read on while a list is no longer than the
    // candidates alive are many, or holds at most READ_FACTOR entries a candidate with no miss to
    // spare. Where the store cannot tell a list's length, the mean length of the lists read stands
    // for it.
    int[] alive = counts.slots();
    int aliveCount = alive.length;
    int allowedMisses = sampled.length - minimumHits;
    int counted = probe;
    long meanLength = (counts.entries + probe - 1) / probe;
    while (true) {
      // Keep those with misses to spare (after the probe, all: each was found once at least), and
      // count the killable, with no miss to spare: the next list drops those it does not hold.
      int kept = 0;
      int killable = 0;
      for (int a = 0; a < aliveCount; a++) {
        int spare = allowedMisses - (counted - counts.hits[alive[a]]);
        if (spare >= 0) {
          alive[kept++] = alive[a];
          killable += spare == 0 ? 1 : 0;
        }
      }
      aliveCount = kept;
      if (counted == sampled.length
          || (sized ? order[counted] >>> 32 : meanLength)
              > Math.max(aliveCount, (long) READ_FACTOR * killable)) {
        break;
      }
      postings.forEach(sampled[(int) order[counted]], counts::addIfPresent);
      counted++;
    }
    long[] unchecked = new long[sampled.length - counted];
    for (int p = counted; p < sampled.length; p++) {
      unchecked[p - counted] = sampled[(int) order[p]];
    }
    long[] handles = new long[aliveCount];
    for (int a = 0; a < aliveCount; a++) {
      handles[a] = counts.handles[alive[a]];
    }
    Arrays.sort(handles);
    int[] hits = new int[aliveCount];
    for (int a = 0; a < aliveCount; a++) {
      hits[a] = counts.hits[counts.slotOf.get(handles[a])];
    }
    return new Candidates(handles, hits, unchecked, this);
  }

  /** The documents met in posting lists so far, each in a slot with its number of hits. */
  private static final class Counts {
    final LongIntHashMap slotOf;
    long[] handles;
    int[] hits;
    int size;
    long entries; // entries read by add

    Counts(int expectedSize) {
      slotOf = new LongIntHashMap(expectedSize);
      handles = new long[expectedSize];
      hits = new int[expectedSize];
    }

    /** One more hit of {@code handle}, a new candidate if it was not one. */
    void add(long handle) {
      entries++;
      int slot = slotOf.get(handle);
      if (slot == LongIntHashMap.ABSENT) {
        if (size == handles.length) {
          handles = Arrays.copyOf(handles, 2 * size);
          hits = Arrays.copyOf(hits, 2 * size);
        }
        slotOf.put(handle, size);
        handles[size] = handle;
        hits[size++] = 1;
      } else {
        hits[slot]++;
      }
    }

    /** One more hit of {@code handle} if it is a candidate. */
    void addIfPresent(long handle) {
      int slot = slotOf.get(handle);
      if (slot != LongIntHashMap.ABSENT) {
        hits[slot]++;
      }
    }

    /** Every slot: 0, 1, ..., size - 1. */
    int[] slots() {
      int[] slots = new int[size];
      for (int i = 0; i < size; i++) {
        slots[i] = i;
      }
      return slots;
    }
  }

  /**
   * Whether {@code otherSet} holds at least h of the sampled shingles (each searched for in it):
   * the candidate rule, for one document.
   */
  public boolean holdsEnoughSampled(long[] otherSet) {
    return new Candidates(new long[] {0}, new int[] {0}, sampled, this)
        .holdsEnoughSampled(0, otherSet);
  }

  /**
   * The documents found for a query, ascending by handle, each with the sampled shingles counted so
   * far; {@link #verify} finishes the count and computes the exact containment.
   */
  public static final class Candidates {
    private final long[] handles;
    private final int[] hits;
    private final long[] unchecked;
    private final ContainmentQuery query;

    private Candidates(long[] handles, int[] hits, long[] unchecked, ContainmentQuery query) {
      this.handles = handles;
      this.hits = hits;
      this.unchecked = unchecked;
      this.query = query;
    }

    /** Number of candidates. */
    public int size() {
      return handles.length;
    }

    /** The handle of candidate {@code i}. */
    public long handle(int i) {
      return handles[i];
    }

    /**
     * Whether candidate {@code i}, whose shingle set is {@code otherSet}, holds at least h of the
     * query's sampled shingles (the uncounted ones searched for in the set).
     */
    public boolean holdsEnoughSampled(int i, long[] otherSet) {
      int found = hits[i];
      int needed = query.minimumHits;
      for (int u = 0; u < unchecked.length && found < needed; u++) {
        if (found + (unchecked.length - u) < needed) {
          return false;
        }
        if (Arrays.binarySearch(otherSet, unchecked[u]) >= 0) {
          found++;
        }
      }
      return found >= needed;
    }

    /**
     * The exact containment of the query in candidate {@code i}, whose shingle set is {@code
     * otherSet}, when it is at least t, else {@link Containment#BELOW}: refused without a merge
     * when the set is too small or holds fewer than h of the sampled shingles.
     */
    public double verify(int i, long[] otherSet) {
      if (otherSet.length < Containment.neededOverlap(query.query.length, query.threshold)
          || !holdsEnoughSampled(i, otherSet)) {
        return Containment.BELOW;
      }
      return Containment.atLeast(query.query, otherSet, query.threshold);
    }
  }
}
