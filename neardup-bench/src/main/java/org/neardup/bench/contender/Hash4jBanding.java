package org.neardup.bench.contender;

import com.dynatrace.hash4j.similarity.ElementHashProvider;
import com.dynatrace.hash4j.similarity.SimilarityHashPolicy;
import com.dynatrace.hash4j.similarity.SimilarityHasher;
import java.util.function.IntFunction;
import java.util.stream.IntStream;
import org.neardup.lsh.LshParams;

/**
 * hash4j's own sketch (MinHash or SuperMinHash, 32 bits a component, version pinned) over the
 * benchmark's shingle hashes, then plain banding with datasketch's default (b, r) ({@link
 * DatasketchParams}) and exact verification ({@link BandedSearch}). Signing runs in parallel, one
 * hasher per thread.
 */
final class Hash4jBanding implements Contender {
  private final String name;
  private final String sketch;
  private final IntFunction<SimilarityHashPolicy> policyOfLength;

  /**
   * @param name the contender's name
   * @param sketch the sketch's name for the description
   * @param policyOfLength the hash4j policy for n components
   */
  Hash4jBanding(String name, String sketch, IntFunction<SimilarityHashPolicy> policyOfLength) {
    this.name = name;
    this.sketch = sketch;
    this.policyOfLength = policyOfLength;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String description() {
    return "hash4j "
        + sketch
        + " (32-bit components), plain banding with datasketch's (b, r), exact verification";
  }

  @Override
  public ContenderOutcome run(BenchSettings settings, Phases phases) throws Exception {
    BenchCorpus corpus =
        phases.time("read+shingle", () -> BenchCorpus.read(settings.corpus(), settings.shingle()));
    SimilarityHashPolicy policy = policyOfLength.apply(settings.permutations());
    LshParams params = DatasketchParams.optimal(settings.threshold(), settings.permutations());
    long[][] keys = phases.time("sign+band", () -> bucketKeys(corpus, policy, params));
    return BandedSearch.run(corpus, keys, settings.threshold(), params.toString(), phases);
  }

  private static long[][] bucketKeys(
      BenchCorpus corpus, SimilarityHashPolicy policy, LshParams params) {
    ThreadLocal<SimilarityHasher> hashers = ThreadLocal.withInitial(policy::createHasher);
    int n = policy.getNumberOfComponents();
    long[][] keys = new long[corpus.size()][];
    IntStream.range(0, corpus.size())
        .parallel()
        .forEach(
            i -> {
              byte[] sketch =
                  hashers.get().compute(ElementHashProvider.ofValues(corpus.shingles(i)));
              int[] signature = new int[n];
              for (int c = 0; c < n; c++) {
                signature[c] = (int) policy.getComponent(sketch, c);
              }
              keys[i] = PlainBandIndex.bandKeys(signature, params);
            });
    return keys;
  }
}
