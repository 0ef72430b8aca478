package org.neardup.spark;

import com.esotericsoftware.kryo.DefaultSerializer;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import java.util.Map;
import org.neardup.input.InputProblem;
import org.neardup.lsh.LshParams;

/**
 * What a run did, for the summary and for tests and benchmarks. Counts of candidate and verified
 * pairs are among distinct texts (copies of a text are recognised before banding).
 *
 * @param documents documents signed (after empty documents and repeated ids)
 * @param shortDocuments documents shorter than k (one shingle each)
 * @param skipped records skipped, by kind (empty documents always; bad records under skip)
 * @param copies documents whose text (shingle set) equals that of a document read before
 * @param lshParams the banding
 * @param candidatePairs distinct candidate pairs of distinct texts
 * @param verifiedPairs candidates that passed the signature filter and were verified
 * @param giantBuckets buckets of more distinct texts than the cap
 * @param unexaminedPairs (bucket, pair) occurrences of giant buckets not examined (star and chain
 *     only); a pair that shares several giant buckets counts once for each
 * @param componentRounds Large-Star/Small-Star rounds of the connected components (0: none run)
 * @param keptSetRounds rounds of the kept set's greedy independent set (0: none run)
 * @param results lines written (pairs, cluster members, records kept)
 * @param shuffleBytes bytes written by all shuffles
 */
@DefaultSerializer(JavaSerializer.class)
public record JobStats(
    long documents,
    long shortDocuments,
    Map<InputProblem, Long> skipped,
    long copies,
    LshParams lshParams,
    long candidatePairs,
    long verifiedPairs,
    long giantBuckets,
    long unexaminedPairs,
    int componentRounds,
    int keptSetRounds,
    long results,
    long shuffleBytes) {
  public JobStats {
    skipped = Map.copyOf(skipped);
  }
}
