package org.neardup.bench.contender;

import com.dynatrace.hash4j.similarity.MinHashVersion;
import com.dynatrace.hash4j.similarity.SimilarityHashing;
import com.dynatrace.hash4j.similarity.SuperMinHashVersion;
import java.util.List;
import java.util.stream.Collectors;

/** Every contender, in the order the harness runs them; the first is the exact answer. */
public final class Contenders {
  /** The contender whose pairs are the truth. */
  public static final String TRUTH = "neardup-exact";

  private static final List<Contender> ALL =
      List.of(
          new NeardupExact(),
          new NeardupLsh(),
          new NeardupBruteForce(),
          new Hash4jBanding(
              "hash4j-minhash",
              "MinHash V1",
              n -> SimilarityHashing.minHash(n, 32, MinHashVersion.V1)),
          new Hash4jBanding(
              "hash4j-superminhash",
              "SuperMinHash V1",
              n -> SimilarityHashing.superMinHash(n, 32, SuperMinHashVersion.V1)),
          new NeardupSpark(),
          new SparkHashesBanding(),
          new SparkApproxJoin(),
          new JavaLsh(),
          new BruteForce(),
          new ReadAndHashBaseline());

  private Contenders() {}

  public static List<Contender> all() {
    return ALL;
  }

  /**
   * The contender named {@code name}.
   *
   * @throws IllegalArgumentException listing the known names
   */
  public static Contender named(String name) {
    return ALL.stream()
        .filter(c -> c.name().equals(name))
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "unknown contender '" + name + "' (known: " + names() + ")"));
  }

  /** The known names, comma-separated. */
  public static String names() {
    return ALL.stream().map(Contender::name).collect(Collectors.joining(", "));
  }
}
