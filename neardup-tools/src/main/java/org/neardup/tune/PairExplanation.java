package org.neardup.tune;

import java.util.ArrayList;
import java.util.List;
import org.neardup.lsh.Banding;
import org.neardup.lsh.LshParams;
import org.neardup.minhash.Signatures;
import org.neardup.verify.Jaccard;

/**
 * Why a pair of documents is or is not found: the sizes of their shingle sets and of their
 * intersection and union, the exact Jaccard similarity, the signature estimate, and which LSH bands
 * agree.
 *
 * @param sizeA |A|, distinct shingles of the first document
 * @param sizeB |B|
 * @param intersection |A ∩ B|, shared shingles
 * @param union |A ∪ B|
 * @param similarity exact Jaccard, |A ∩ B| / |A ∪ B|
 * @param agreeingValues signature positions where the two signatures agree
 * @param signatureLength n, the signature length
 * @param bands b, the bands of the banding
 * @param agreeingBands the 0-based indexes of the bands whose bucket keys are equal, increasing
 */
public record PairExplanation(
    int sizeA,
    int sizeB,
    int intersection,
    int union,
    double similarity,
    int agreeingValues,
    int signatureLength,
    int bands,
    List<Integer> agreeingBands) {

  public PairExplanation {
    agreeingBands = List.copyOf(agreeingBands);
  }

  /**
   * Explains the pair of sets {@code a} and {@code b} (sorted distinct shingle hashes) with
   * signatures {@code signatureA} and {@code signatureB} under the banding {@code params}. Bands
   * agree when their bucket keys ({@link Banding#bucketKeys}) are equal, exactly as the LSH index
   * decides.
   */
  public static PairExplanation of(
      long[] a, long[] b, int[] signatureA, int[] signatureB, LshParams params) {
    int intersection = Jaccard.intersectionSize(a, b);
    double estimate = Signatures.estimateSimilarity(signatureA, signatureB);
    Banding banding = new Banding(params);
    long[] keysA = banding.bucketKeys(signatureA);
    long[] keysB = banding.bucketKeys(signatureB);
    List<Integer> agreeing = new ArrayList<>();
    for (int band = 0; band < keysA.length; band++) {
      if (keysA[band] == keysB[band]) {
        agreeing.add(band);
      }
    }
    return new PairExplanation(
        a.length,
        b.length,
        intersection,
        a.length + b.length - intersection,
        Jaccard.similarity(a, b),
        (int) Math.round(estimate * signatureA.length),
        signatureA.length,
        params.bands(),
        agreeing);
  }

  /** The MinHash estimate of the similarity: the fraction of agreeing signature values. */
  public double estimate() {
    return (double) agreeingValues / signatureLength;
  }

  /** Whether LSH makes the pair a candidate: at least one band agrees. */
  public boolean candidate() {
    return !agreeingBands.isEmpty();
  }
}
