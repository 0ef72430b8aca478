package org.neardup.sketch;

import java.io.Serializable;
import java.util.Objects;
import org.neardup.minhash.MinHashSigner;
import org.neardup.shingle.Shingler;
import org.neardup.text.Normalizer;

/**
 * The one way from raw text to a {@link Sketch}: normalize, shingle and hash, sign. Every face of
 * neardup (the batch pipeline, the online index, {@code explain}, the service, the Spark job)
 * sketches through this class, so the same text and {@link SketchParams} give the same sketch
 * everywhere. Immutable, thread-safe and serializable: share one sketcher between threads, ship it
 * in a Spark closure.
 *
 * <pre>{@code
 * DocumentSketcher sketcher = DocumentSketcher.create(SketchParams.DEFAULT);
 * Sketch sketch = sketcher.sketch("The quick brown fox");
 * }</pre>
 */
public final class DocumentSketcher implements Serializable {
  private static final long serialVersionUID = 1L;

  private final SketchParams params;
  private final Normalizer normalizer;
  private final Shingler shingler;
  private final MinHashSigner signer;

  private DocumentSketcher(SketchParams params) {
    this.params = params;
    this.normalizer = new Normalizer(params.normalizer());
    this.shingler = new Shingler(params.shingle());
    this.signer = MinHashSigner.create(params.minHash());
  }

  /** The sketcher for {@code params}. */
  public static DocumentSketcher create(SketchParams params) {
    return new DocumentSketcher(Objects.requireNonNull(params, "params"));
  }

  public SketchParams params() {
    return params;
  }

  /**
   * The sketch of {@code rawText}. A text that is empty after normalization gives an empty sketch
   * ({@link Sketch#isEmpty()}: no shingles; its signature is all {@code -1}); a text shorter than k
   * units is one shingle, the whole text.
   */
  public Sketch sketch(String rawText) {
    String normalized = normalizer.normalize(Objects.requireNonNull(rawText, "rawText"));
    long[] hashes = shingler.hashes(normalized);
    return Sketch.ofHashes(hashes, signer.sign(hashes), shingler.unitCount(normalized));
  }

  /**
   * The shingle set of {@code rawText} (sorted, distinct), without signing: what {@code
   * sketch(rawText).shingleSet()} gives, for a document whose signature is known already.
   */
  public long[] shingleSet(String rawText) {
    return shingler.shingle(normalizer.normalize(Objects.requireNonNull(rawText, "rawText")));
  }

  /**
   * The shingle hashes of {@code rawText} in text order, repeats included, without signing or
   * sorting: what {@code sketch(rawText).shingleHashes()} gives.
   */
  public long[] shingleHashes(String rawText) {
    return shingler.hashes(normalizer.normalize(Objects.requireNonNull(rawText, "rawText")));
  }

  /**
   * The shingle keys of {@code rawText} in text order ({@link Shingler#keys}): for comparing
   * documents exactly, as keys against keys, at less cost than hashes; never for signing.
   */
  public long[] shingleKeys(String rawText) {
    return shingler.keys(normalizer.normalize(Objects.requireNonNull(rawText, "rawText")));
  }

  /**
   * The signature of a document given by its shingle hashes or set: what {@code sketch(text)} gives
   * for the text they came from (order and repeats do not matter).
   */
  public int[] sign(long[] shingleHashes) {
    return signer.sign(shingleHashes);
  }

  /** The normalized form of {@code rawText}, as it is shingled (for showing what was compared). */
  public String normalize(String rawText) {
    return normalizer.normalize(rawText);
  }

  /** Whether {@code sketch} came from a text shorter than k units (and so is one shingle). */
  public boolean isShort(Sketch sketch) {
    return sketch.unitCount() >= 0 && sketch.unitCount() < params.shingle().size();
  }
}
