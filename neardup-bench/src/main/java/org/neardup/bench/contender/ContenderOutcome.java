package org.neardup.bench.contender;

import java.util.List;
import java.util.Objects;
import org.neardup.verify.SimilarPair;

/**
 * What a contender reports.
 *
 * @param ids document ids by ordinal, as the pairs refer to them
 * @param pairs the reported pairs, by ordinal, with their similarity
 * @param candidatePairs distinct candidate pairs it examined, or -1 when the system does not say
 * @param parameters the parameters it ran with (banding, tables, …), for the results
 */
// Shares its arrays (no copy: a contender hands its ids over); equals and hashCode compare them
// by identity, which no caller relies on.
@SuppressWarnings("ArrayRecordComponent")
public record ContenderOutcome(
    String[] ids, List<SimilarPair> pairs, long candidatePairs, String parameters) {
  /** Stands for an unknown candidate count. */
  public static final long UNKNOWN = -1;

  public ContenderOutcome {
    Objects.requireNonNull(ids, "ids");
    Objects.requireNonNull(pairs, "pairs");
    Objects.requireNonNull(parameters, "parameters");
  }
}
