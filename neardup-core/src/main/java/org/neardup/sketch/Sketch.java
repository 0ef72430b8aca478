package org.neardup.sketch;

import java.io.Serializable;
import java.util.Objects;
import org.neardup.shingle.Shingler;

/**
 * What the engine knows of one document: its shingle hashes, its MinHash signature, and how many
 * units (characters or words) its normalized text has. Made by a {@link DocumentSketcher}; compare
 * sketches only when their {@link SketchParams} are equal.
 *
 * <p>The shingle hashes are kept as the shingler made them (in text order, duplicates included)
 * until {@link #shingleSet()} is first asked for, because sorting costs and most documents of a
 * batch are never verified. Call {@link #shingleSet()} once before sharing a sketch between
 * threads. Arrays are shared, not copied: do not modify them.
 */
public final class Sketch implements Serializable {
  private static final long serialVersionUID = 1L;

  private long[] shingles;
  private boolean isSet;
  private final int[] signature;
  private final int unitCount;

  private Sketch(long[] shingles, boolean isSet, int[] signature, int unitCount) {
    this.shingles = shingles;
    this.isSet = isSet;
    this.signature = Objects.requireNonNull(signature, "signature");
    this.unitCount = unitCount;
  }

  /**
   * A sketch of shingle hashes as a shingler made them (any order, duplicates allowed).
   *
   * @param unitCount characters or words of the normalized text
   */
  public static Sketch ofHashes(long[] shingleHashes, int[] signature, int unitCount) {
    return new Sketch(shingleHashes, false, signature, unitCount);
  }

  /**
   * A sketch of a shingle set already sorted and distinct (as read back from storage).
   *
   * @param unitCount characters or words of the normalized text, or -1 when unknown
   */
  public static Sketch ofSet(long[] shingleSet, int[] signature, int unitCount) {
    return new Sketch(shingleSet, true, signature, unitCount);
  }

  /**
   * A sketch of a signature alone, without its shingle set (from a signature file written without
   * sets): enough for estimate-only verification.
   */
  public static Sketch ofSignature(int[] signature) {
    return new Sketch(null, true, signature, -1);
  }

  /** Whether the sketch carries its shingle set (all but {@link #ofSignature} sketches do). */
  public boolean hasShingleSet() {
    return shingles != null;
  }

  /**
   * The sorted, distinct shingle hashes: the set verification intersects. Sorted on first call.
   *
   * @throws IllegalStateException for a sketch of a signature alone
   */
  public long[] shingleSet() {
    if (shingles == null) {
      throw new IllegalStateException(
          "this sketch has no shingle set (a signature alone): exact verification needs it");
    }
    if (!isSet) {
      shingles = Shingler.toSet(shingles);
      isSet = true;
    }
    return shingles;
  }

  /**
   * The shingle hashes as made (sorted and distinct once {@link #shingleSet()} was called); null
   * for a sketch of a signature alone.
   */
  public long[] shingleHashes() {
    return shingles;
  }

  /** The MinHash signature: n 32-bit values. */
  public int[] signature() {
    return signature;
  }

  /** Characters (code points) or words of the normalized text; -1 when unknown. */
  public int unitCount() {
    return unitCount;
  }

  /** Whether the normalized text was empty: no shingles, nothing to compare. */
  public boolean isEmpty() {
    return shingles != null && shingles.length == 0;
  }
}
