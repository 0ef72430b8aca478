package org.neardup.options;

import org.neardup.cluster.KeepOrder;
import picocli.CommandLine.Option;

/**
 * {@code --keep}: the order in which a dedup walks the documents, keeping each one that is not a
 * pair of one already kept ({@link KeepOrder}). The commands that keep a set ({@code clusters},
 * {@code dedup}, and the Spark job's) share it.
 */
public final class KeepMixin {
  @Option(
      names = "--keep",
      completionCandidates = ValueCandidates.KeepPolicies.class,
      paramLabel = "ORDER",
      defaultValue = "first",
      description =
          "Which document of a group is kept: the first in this order. first (input order), longest"
              + " or shortest (raw text length), or field:NAME[:desc|asc] (the number in CSV column"
              + " / JSON field / Parquet column NAME, highest first unless :asc; a record without"
              + " one is a bad record, see --on-error). Ties go to input order. Prefix input, to"
              + " let every earlier input win over later ones whatever the rule says within an"
              + " input (input,field:score). Default: ${DEFAULT-VALUE}.")
  public String keep;

  /**
   * The order {@code --keep} gives.
   *
   * @throws UsageException when it is not one
   */
  public KeepOrder order() {
    try {
      return KeepOrder.parse(keep);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--keep: " + e.getMessage());
    }
  }
}
