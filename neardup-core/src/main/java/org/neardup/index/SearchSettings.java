package org.neardup.index;

import java.io.Serializable;
import java.util.Optional;
import org.neardup.lsh.LshParams;
import org.neardup.search.ContainmentPlan;
import org.neardup.search.ContainmentSample;
import org.neardup.search.TopKPlan;

/**
 * Which queries beyond the threshold an index is built for; each costs bucket entries, so each is
 * opt-in. {@link #NONE} gives the plain threshold index.
 *
 * <ul>
 *   <li><b>Top-k</b> ({@link NearDupIndex#top}) down to {@code topKFloor}: a second banding chosen
 *       for the floor as {@code pairs} chooses one for its threshold (64 bands of 2 rows at 0.3
 *       from 128 values), 20 bytes of memory or about 20 bytes of disk a band a document. Without
 *       it top-k queries still work, down to the threshold only.
 *   <li><b>Containment</b> ({@link NearDupIndex#containing}): one posting entry for about one
 *       shingle in {@code containmentSampling} of every document ({@link ContainmentSample}).
 * </ul>
 *
 * @param topKFloor the lowest Jaccard similarity top-k queries promise to find, in (0, threshold);
 *     0 for none
 * @param containmentSampling keep one shingle in this many for containment search, in [1, 65536]; 0
 *     for none
 */
public record SearchSettings(double topKFloor, int containmentSampling) implements Serializable {
  private static final long serialVersionUID = 1L;

  /** A plain threshold index: neither top-k below the threshold nor containment. */
  public static final SearchSettings NONE = new SearchSettings(0, 0);

  /** The floor {@code similar} and the README suggest: recall is promised down to J = 0.3. */
  public static final double DEFAULT_TOP_K_FLOOR = 0.3;

  /** The sampling {@code similar} and {@code pairs --measure containment} use: one shingle in 4. */
  public static final int DEFAULT_CONTAINMENT_SAMPLING = 4;

  public SearchSettings {
    if (!(topKFloor == 0 || (topKFloor > 0 && topKFloor < 1))) {
      throw new IllegalArgumentException(
          "top-k floor must be 0 (none) or in (0, 1), got " + topKFloor);
    }
    if (containmentSampling < 0 || containmentSampling > ContainmentSample.MAX_RATE) {
      throw new IllegalArgumentException(
          "containment sampling must be 0 (none) or in [1, "
              + ContainmentSample.MAX_RATE
              + "], got "
              + containmentSampling);
    }
  }

  /** Top-k down to {@code floor}, no containment. */
  public static SearchSettings topK(double floor) {
    return new SearchSettings(floor, 0);
  }

  /** Containment with one shingle in {@code sampling}, no top-k floor. */
  public static SearchSettings containment(int sampling) {
    return new SearchSettings(0, sampling);
  }

  /** These settings with containment sampling {@code sampling}. */
  public SearchSettings withContainment(int sampling) {
    return new SearchSettings(topKFloor, sampling);
  }

  public boolean hasTopKFloor() {
    return topKFloor > 0;
  }

  public boolean hasContainment() {
    return containmentSampling > 0;
  }

  /** The top-k plan for signatures of {@code numPermutations} values; empty without a floor. */
  public Optional<TopKPlan> topKPlan(int numPermutations, double targetRecall) {
    return hasTopKFloor()
        ? Optional.of(TopKPlan.forFloor(topKFloor, numPermutations, targetRecall))
        : Optional.empty();
  }

  /** The floor banding; empty without a floor. */
  public Optional<LshParams> topKBanding(int numPermutations, double targetRecall) {
    return hasTopKFloor()
        ? Optional.of(LshParams.optimal(topKFloor, numPermutations, targetRecall))
        : Optional.empty();
  }

  /** The containment plan at {@code threshold}; empty without containment. */
  public Optional<ContainmentPlan> containmentPlan(double threshold, double targetRecall) {
    return hasContainment()
        ? Optional.of(
            new ContainmentPlan(
                threshold, targetRecall, new ContainmentSample(containmentSampling)))
        : Optional.empty();
  }
}
