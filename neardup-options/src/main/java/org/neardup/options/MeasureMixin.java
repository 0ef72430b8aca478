package org.neardup.options;

import java.util.Locale;
import org.neardup.index.SearchSettings;
import org.neardup.search.ContainmentPlan;
import org.neardup.search.ContainmentSample;
import picocli.CommandLine.Option;

/** Which similarity a command measures: Jaccard (the default) or containment, and its sampling. */
public final class MeasureMixin {
  @Option(
      names = "--measure",
      completionCandidates = ValueCandidates.Measures.class,
      paramLabel = "MEASURE",
      defaultValue = "jaccard",
      description =
          "jaccard: |A ∩ B| / |A ∪ B|; containment: |A ∩ B| / |A|, how much of A lies in B (a"
              + " passage in its source). Default: ${DEFAULT-VALUE}.")
  String measure;

  @Option(
      names = "--containment-sampling",
      paramLabel = "M",
      defaultValue = "" + SearchSettings.DEFAULT_CONTAINMENT_SAMPLING,
      description =
          "Containment: search by one shingle in M of each document (1: all). Larger M is cheaper"
              + " but needs longer passages (see 'tune --measure containment'). Default:"
              + " ${DEFAULT-VALUE}.")
  int sampling;

  /**
   * Whether the measure is containment.
   *
   * @throws UsageException for a measure neither jaccard nor containment
   */
  public boolean containment() {
    return switch (measure.toLowerCase(Locale.ROOT)) {
      case "jaccard" -> false;
      case "containment" -> true;
      default ->
          throw new UsageException(
              "--measure must be jaccard or containment, got '" + measure + "'");
    };
  }

  /** The containment sampling rate, checked. */
  public int sampling() {
    if (sampling < 1 || sampling > ContainmentSample.MAX_RATE) {
      throw new UsageException(
          "--containment-sampling must be in [1, "
              + ContainmentSample.MAX_RATE
              + "], got "
              + sampling);
    }
    return sampling;
  }

  /** The containment plan at {@code threshold} with {@code targetRecall}. */
  public ContainmentPlan plan(double threshold, double targetRecall) {
    return new ContainmentPlan(threshold, targetRecall, new ContainmentSample(sampling()));
  }
}
