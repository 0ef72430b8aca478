package org.neardup.spark.output;

import java.io.Serializable;

/**
 * A removed record for the dedup outputs: its ordinal, and the kept record it duplicates with their
 * similarity as the CLI writes it (both null when not known: connected components). Immutable and
 * serializable.
 *
 * @param ordinal the removed record's ordinal
 * @param keptOrdinal the kept record's ordinal, for its cluster size; -1 when not known or not a
 *     record of the run
 * @param keptId the id of the kept record it duplicates, or null
 * @param similarity their exact similarity in the CLI's 6-decimal form, or null
 */
public record Removal(long ordinal, long keptOrdinal, String keptId, String similarity)
    implements Serializable {
  private static final long serialVersionUID = 1L;
}
