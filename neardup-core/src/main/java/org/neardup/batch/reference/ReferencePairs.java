package org.neardup.batch.reference;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import org.neardup.verify.ReferencePair;

/**
 * The pairs of a corpus's documents with reference documents, each with its similarity (exact, or
 * the signature estimate in estimate-only mode): what {@link ReferenceProbe} finds and {@link
 * org.neardup.cluster.KeptSet} takes. Only the reference documents in a pair are held, each once,
 * numbered in the order of their ids ({@code String} order; a reference index ties to the earliest
 * read among equal ids): so of two references equally similar to a document, its match is the one
 * of the smaller id, whatever kind of reference gave them. Immutable.
 */
public final class ReferencePairs implements Iterable<ReferencePair> {
  private static final ReferencePairs NONE =
      new ReferencePairs(new int[0], new int[0], new double[0], List.of(), 0, 0, 0, 0);

  private final int[] documents;
  private final int[] references;
  private final double[] similarities;
  private final List<String> ids;
  private final long documentsRead;
  private final long candidates;
  private final long documentsHeld;
  private final long lookups;

  private ReferencePairs(
      int[] documents,
      int[] references,
      double[] similarities,
      List<String> ids,
      long documentsRead,
      long candidates,
      long documentsHeld,
      long lookups) {
    this.documents = documents;
    this.references = references;
    this.similarities = similarities;
    this.ids = ids;
    this.documentsRead = documentsRead;
    this.candidates = candidates;
    this.documentsHeld = documentsHeld;
    this.lookups = lookups;
  }

  /** No pairs: a run against nothing. */
  public static ReferencePairs none() {
    return NONE;
  }

  /** The number of pairs. */
  public int size() {
    return documents.length;
  }

  /** The number of reference documents in a pair. */
  public int referenceCount() {
    return ids.size();
  }

  /** The id of reference {@code index} (0 to {@link #referenceCount()} - 1). */
  public String referenceId(int index) {
    return ids.get(index);
  }

  /** How many documents of streamed references were read (and sketched, if texts). */
  public long documentsRead() {
    return documentsRead;
  }

  /**
   * How many (document, streamed reference document) candidates shared a bucket and were examined.
   */
  public long candidates() {
    return candidates;
  }

  /** How many documents the looked-up references (indexes) hold. */
  public long documentsHeld() {
    return documentsHeld;
  }

  /** How many times a document was looked up in a reference (an index). */
  public long lookups() {
    return lookups;
  }

  /** The pairs, by document then reference. */
  @Override
  public Iterator<ReferencePair> iterator() {
    return new Iterator<>() {
      private int next;

      @Override
      public boolean hasNext() {
        return next < documents.length;
      }

      @Override
      public ReferencePair next() {
        if (next >= documents.length) {
          throw new NoSuchElementException();
        }
        int i = next++;
        return new ReferencePair(documents[i], references[i], similarities[i]);
      }
    };
  }

  /** Collects pairs as they are found, a reference document by what identifies it. */
  static final class Builder {
    private final Map<Object, Integer> slots = new HashMap<>();
    private final List<String> slotIds = new ArrayList<>();
    private int[] documents = new int[64];
    private int[] slotOfPair = new int[64];
    private double[] similarities = new double[64];
    private int size;
    private long documentsRead;
    private long candidates;
    private long documentsHeld;
    private long lookups;

    /**
     * A pair of document {@code document} with the reference document {@code identity} (the same
     * object for the same document: its position in a stream, or its id in an index) of id {@code
     * id}.
     */
    void add(Object identity, String id, int document, double similarity) {
      Integer slot = slots.get(identity);
      if (slot == null) {
        slot = slotIds.size();
        slots.put(identity, slot);
        slotIds.add(id);
      }
      if (size == documents.length) {
        int capacity = size * 2;
        documents = Arrays.copyOf(documents, capacity);
        slotOfPair = Arrays.copyOf(slotOfPair, capacity);
        similarities = Arrays.copyOf(similarities, capacity);
      }
      documents[size] = document;
      slotOfPair[size] = slot;
      similarities[size++] = similarity;
    }

    void countRead(long documents, long examined) {
      documentsRead += documents;
      candidates += examined;
    }

    void countLookups(long held, long lookedUp) {
      documentsHeld += held;
      lookups += lookedUp;
    }

    /** The pairs, references numbered by id, sorted by document then reference. */
    ReferencePairs build() {
      Integer[] bySlot = new Integer[slotIds.size()];
      Arrays.setAll(bySlot, i -> i);
      Arrays.sort(
          bySlot,
          (a, b) -> {
            int byId = slotIds.get(a).compareTo(slotIds.get(b));
            return byId != 0 ? byId : Integer.compare(a, b);
          });
      int[] index = new int[bySlot.length];
      List<String> ids = new ArrayList<>(bySlot.length);
      for (int r = 0; r < bySlot.length; r++) {
        index[bySlot[r]] = r;
        ids.add(slotIds.get(bySlot[r]));
      }
      long[] order = new long[size];
      for (int i = 0; i < size; i++) {
        order[i] = (long) documents[i] << 32 | index[slotOfPair[i]];
      }
      Integer[] byPair = new Integer[size];
      Arrays.setAll(byPair, i -> i);
      Arrays.sort(byPair, (a, b) -> Long.compare(order[a], order[b]));
      int[] d = new int[size];
      int[] r = new int[size];
      double[] s = new double[size];
      for (int k = 0; k < size; k++) {
        int i = byPair[k];
        d[k] = documents[i];
        r[k] = index[slotOfPair[i]];
        s[k] = similarities[i];
      }
      return new ReferencePairs(
          d, r, s, List.copyOf(ids), documentsRead, candidates, documentsHeld, lookups);
    }
  }
}
