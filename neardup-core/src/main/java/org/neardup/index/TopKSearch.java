package org.neardup.index;

import java.util.Arrays;
import java.util.List;
import org.neardup.minhash.AgreementFilter;
import org.neardup.minhash.Signatures;
import org.neardup.search.TopKCollector;
import org.neardup.search.TopKPlan;
import org.neardup.verify.Jaccard;
import org.neardup.verify.Verifier;
import org.neardup.verify.VerifyMode;

/**
 * The top-k search of a {@link NearDupIndex} over its stores, as {@link TopKPlan} describes it: the
 * threshold buckets first, then (unless the k best found all reach the threshold) the floor
 * buckets, most shared bands first, until the bound on what is left falls below the k-th best. Each
 * candidate passes a signature-agreement filter (the threshold query's {@link AgreementFilter} for
 * the threshold buckets' few candidates, so that without a floor this is the threshold query; 4σ on
 * the values' low bytes, held on the heap, for the floor buckets' many), then gets its exact
 * Jaccard (for a floor candidate, a merge that may give up once its first part makes the bar
 * implausible; its set is read whole only when its first {@value #HEAD_HASHES} hashes do not settle
 * that). Called under the index's read lock; holds no state between calls.
 */
final class TopKSearch {
  /**
   * The hashes of a floor candidate's set read first: the merge's first looks (at 128 and 256 union
   * elements) drop most floor candidates within them, and the rest are read whole.
   */
  static final int HEAD_HASHES = 256;

  /**
   * The floor candidates whose low bytes are compared in one go ({@link
   * SketchStore#lowByteAgreements}): enough for their memory reads to overlap, few enough that a
   * search that stops early has compared few in vain.
   */
  static final int BATCH = 64;

  private final SketchStore<?> sketches;
  private final BucketStore thresholdBuckets;
  private final KeptSpace floorSpace; // null without a floor
  private final TopKPlan plan; // null without a floor
  private final double threshold;
  private final VerifyMode mode;

  TopKSearch(
      SketchStore<?> sketches,
      BucketStore thresholdBuckets,
      KeptSpace floorSpace,
      TopKPlan plan,
      double threshold,
      VerifyMode mode) {
    this.sketches = sketches;
    this.thresholdBuckets = thresholdBuckets;
    this.floorSpace = floorSpace;
    this.plan = plan;
    this.threshold = threshold;
    this.mode = mode;
  }

  /** Whether the index keeps floor buckets (else this is the threshold query). */
  boolean hasFloor() {
    return plan != null;
  }

  /** The floor bucket keys of a query's signature, or null without a floor. */
  long[] floorKeys(int[] signature) {
    return floorSpace == null ? null : floorSpace.keys(signature, null);
  }

  /** The lowest similarity returned: the floor, or the threshold without one. */
  double floor() {
    return plan == null ? threshold : plan.floor();
  }

  /**
   * The {@code k} best documents at or above {@code lowest} (at least {@link #floor()}) for a query
   * of this signature and set (null in estimate mode), whose keys are {@code thresholdKeys} and
   * {@code floorKeys} (null without a floor), comparing at most {@code compared} of the threshold
   * buckets' candidates, the earliest added ({@link Integer#MAX_VALUE}: all): the k best are those
   * among them and the floor's, and {@link Result#notCompared} counts at least the threshold
   * candidates left, so that a text held in many copies costs a bounded amount ({@link
   * MatchLimits}).
   */
  Result search(
      int[] signature,
      long[] set,
      long[] thresholdKeys,
      long[] floorKeys,
      int k,
      double lowest,
      int compared) {
    TopKCollector top = new TopKCollector(k);
    long[] first;
    long notCompared = 0;
    if (compared == Integer.MAX_VALUE) {
      first = thresholdBuckets.candidates(thresholdKeys);
    } else {
      BoundedCandidates bounded = thresholdBuckets.firstCandidates(thresholdKeys, compared);
      first = bounded.handles();
      notCompared = bounded.more();
    }
    Verifier verifier = null; // at the bar it was made for
    for (long handle : first) {
      double bar = Math.max(lowest, top.kth(0));
      if (verifier == null || verifier.threshold() != bar) {
        verifier = new Verifier(bar, signature.length, mode);
      }
      consider(signature, set, handle, top, verifier);
    }
    if (plan == null || Math.max(lowest, top.kth(0)) >= threshold) {
      return new Result(top.results(), notCompared); // all at the threshold were candidates
    }
    // the candidates sharing too few bands to plausibly reach the query's floor are never looked at
    CountedCandidates more =
        floorSpace.store().countedCandidates(floorKeys, plan.minimumHits(lowest));
    long[] handles = more.sharedHandles(); // most shared bands first
    int[] hits = more.sharedHits();
    long[] lowBytes = Signatures.lowBytes(signature);
    long[] batch = new long[Math.min(BATCH, handles.length)];
    int[] agreements = new int[batch.length];
    double lowBar = -1; // the bar lowMinimum was computed for
    int lowMinimum = 0;
    for (int start = 0; start < handles.length; start += BATCH) {
      if (cannotBeat(top, lowest, hits[start])) {
        break; // as below, before comparing a batch in vain
      }
      int count = Math.min(BATCH, handles.length - start);
      System.arraycopy(handles, start, batch, 0, count);
      sketches.lowByteAgreements(batch, count, lowBytes, signature.length, agreements);
      for (int b = 0; b < count; b++) {
        if (cannotBeat(top, lowest, hits[start + b])) {
          // the rest share as few bands or fewer: none can beat the k-th best
          return new Result(top.results(), notCompared);
        }
        double bar = Math.max(lowest, top.kth(0));
        if (bar != lowBar) {
          lowBar = bar;
          lowMinimum =
              TopKPlan.minimumLowByteAgreement(signature.length, bar, TopKPlan.FILTER_SIGMAS);
        }
        if (agreements[b] >= lowMinimum && Arrays.binarySearch(first, batch[b]) < 0) {
          considerFloor(signature, set, batch[b], top, bar);
        }
      }
    }
    return new Result(top.results(), notCompared);
  }

  /**
   * Whether a floor candidate sharing {@code hits} bands with the query, and every later one (they
   * share as few or fewer), plausibly falls below the bar: the k-th best found, or {@code lowest}
   * while fewer than k are ({@link TopKPlan#upperBound}).
   */
  private boolean cannotBeat(TopKCollector top, double lowest, int hits) {
    return plan.upperBound(hits) < Math.max(lowest, top.kth(0));
  }

  /**
   * Verifies a threshold-bucket candidate as the threshold query does, at the bar the k-th best
   * sets ({@code verifier}'s threshold), and offers it.
   */
  private void consider(
      int[] signature, long[] set, long handle, TopKCollector top, Verifier verifier) {
    double similarity =
        verifier.verify(
            signature, sketches.signature(handle), () -> set, () -> sketches.shingleSet(handle));
    if (similarity >= verifier.threshold()) {
      top.offer(handle, similarity);
    }
  }

  /**
   * Whether two signatures agree enough for similarity {@code bar}, allowing {@code sigmas}
   * deviations.
   */
  private static boolean agrees(int[] signature, int[] other, double bar, double sigmas) {
    return Signatures.agreeAtLeast(
        signature, other, TopKPlan.minimumAgreement(signature.length, bar, sigmas));
  }

  /**
   * Verifies a floor candidate that passed the low-byte filter at {@code bar}, and offers it. In
   * exact mode its signature is not read: the low-byte filter is the 4σ signature filter but for
   * chance agreements of the low byte (1 in 256 a value), which only let a few more candidates on,
   * and a signature costs a service a lookup, as the head of a set does. The set's merge may stop
   * once its first part makes the bar implausible, mostly within the head.
   */
  private void considerFloor(
      int[] signature, long[] set, long handle, TopKCollector top, double bar) {
    double similarity;
    if (mode == VerifyMode.EXACT) {
      SetHead head = sketches.shingleSetHead(handle, HEAD_HASHES);
      similarity =
          Jaccard.plausiblyAtLeast(
              set, head.sharedHashes(), head.size(), bar, TopKPlan.MERGE_SIGMAS);
      if (similarity == Jaccard.UNDECIDED) {
        similarity =
            Jaccard.plausiblyAtLeast(set, sketches.shingleSet(handle), bar, TopKPlan.MERGE_SIGMAS);
      }
    } else {
      int[] other = sketches.signature(handle);
      similarity =
          agrees(signature, other, bar, TopKPlan.FILTER_SIGMAS)
              ? Signatures.estimateSimilarity(signature, other)
              : Jaccard.BELOW;
    }
    if (similarity >= bar) {
      top.offer(handle, similarity);
    }
  }

  /** The k best found, and at least how many threshold candidates were not compared. */
  record Result(List<TopKCollector.Found> found, long notCompared) {}
}
