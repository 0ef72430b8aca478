package org.neardup.index;

import java.util.Objects;
import org.neardup.sketch.Sketch;

/**
 * One write of a batch given to {@link NearDupIndex#writeAll}: add a document, add or replace it,
 * or remove one.
 *
 * @param kind what to do
 * @param key the document's key
 * @param sketch its sketch (made with the index's sketcher); null for a removal
 * @param text its raw text, kept if the storage keeps texts; may be null
 * @param query whether to report the near-duplicates already held (adds and upserts)
 * @param unique store the document only when no document held (other than the one it replaces) is
 *     its near-duplicate; otherwise store nothing and report it as {@link
 *     WriteResult.Status#DUPLICATE} with the near-duplicates held (adds and upserts)
 * @param limits how many near-duplicates it reports, found among how many candidates ({@link
 *     MatchLimits#NONE} by default); a unique write that matches none of the candidates its limits
 *     compare goes on to compare every candidate, to decide
 * @param <K> the document key type
 */
public record IndexWrite<K>(
    Kind kind,
    K key,
    Sketch sketch,
    String text,
    boolean query,
    boolean unique,
    MatchLimits limits) {
  /** What a write does. */
  public enum Kind {
    /** Adds a new document; refused when the key is held. */
    ADD,
    /** Adds a document, or replaces the one held under the key. */
    UPSERT,
    /** Removes the document held under the key. */
    REMOVE
  }

  public IndexWrite {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(key, "key");
    if (kind != Kind.REMOVE) {
      Objects.requireNonNull(sketch, "sketch");
    }
    if (unique && kind == Kind.REMOVE) {
      throw new IllegalArgumentException("a removal cannot be unique: only adds and upserts are");
    }
    Objects.requireNonNull(limits, "limits");
  }

  /** A write without {@link #limits}. */
  public IndexWrite(Kind kind, K key, Sketch sketch, String text, boolean query, boolean unique) {
    this(kind, key, sketch, text, query, unique, MatchLimits.NONE);
  }

  /** A write that is not {@link #unique}, without {@link #limits}. */
  public IndexWrite(Kind kind, K key, Sketch sketch, String text, boolean query) {
    this(kind, key, sketch, text, query, false);
  }

  /** This write reporting its near-duplicates within {@code limits}. */
  public IndexWrite<K> withLimits(MatchLimits limits) {
    return new IndexWrite<>(kind, key, sketch, text, query, unique, limits);
  }

  /** Adds {@code key}, reporting the near-duplicates held before it when {@code query}. */
  public static <K> IndexWrite<K> add(K key, Sketch sketch, String text, boolean query) {
    return new IndexWrite<>(Kind.ADD, key, sketch, text, query);
  }

  /**
   * Adds or replaces {@code key}, reporting the near-duplicates held (itself excluded) when {@code
   * query}.
   */
  public static <K> IndexWrite<K> upsert(K key, Sketch sketch, String text, boolean query) {
    return new IndexWrite<>(Kind.UPSERT, key, sketch, text, query);
  }

  /**
   * Adds {@code key} only when no document held is its near-duplicate: the online kept set. Refused
   * otherwise ({@link WriteResult.Status#DUPLICATE}), with the near-duplicates held.
   */
  public static <K> IndexWrite<K> addIfUnique(K key, Sketch sketch, String text) {
    return new IndexWrite<>(Kind.ADD, key, sketch, text, true, true);
  }

  /**
   * Adds or replaces {@code key} only when no other document held is its near-duplicate; when one
   * is, the document held under {@code key} (if any) stays as it was.
   */
  public static <K> IndexWrite<K> upsertIfUnique(K key, Sketch sketch, String text) {
    return new IndexWrite<>(Kind.UPSERT, key, sketch, text, true, true);
  }

  /** Removes {@code key}. */
  public static <K> IndexWrite<K> remove(K key) {
    return new IndexWrite<>(Kind.REMOVE, key, null, null, false);
  }
}
