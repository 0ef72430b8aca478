package org.neardup.bench.jmh;

import java.util.SplittableRandom;
import org.neardup.minhash.Signatures;
import org.neardup.search.TopKPlan;
import org.neardup.verify.Jaccard;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What top-k search does with a floor candidate that is not an answer, at the floor 0.3: the
 * signature filter on a random pair (128 values agreeing with probability 0.07, about a background
 * pair of English articles with char:5 shingles), on the full values and on their low bytes; and
 * the exact merge of a pair of 1,000-shingle sets at J = 0.15 that passed the filter, whole and
 * giving up early. Each operation takes the next of {@value #PAIRS} pairs, so the branch predictor
 * cannot learn one.
 */
@State(Scope.Benchmark)
public class FloorFilterBenchmark extends KernelBenchmark {
  static final int PAIRS = 1024;
  static final int VALUES = 128;
  static final double BAR = 0.3;

  private int[][] signaturesA;
  private int[][] signaturesB;
  private long[][] lowBytesA;
  private long[][] lowBytesB;
  private long[][] setsA;
  private long[][] setsB;
  private final int minimum = TopKPlan.minimumAgreement(VALUES, BAR);
  private final int lowMinimum =
      TopKPlan.minimumLowByteAgreement(VALUES, BAR, TopKPlan.FILTER_SIGMAS);
  private int next;

  @Setup
  public void setUp() {
    SplittableRandom random = new SplittableRandom(0xf1001);
    signaturesA = new int[PAIRS][VALUES];
    signaturesB = new int[PAIRS][VALUES];
    lowBytesA = new long[PAIRS][];
    lowBytesB = new long[PAIRS][];
    setsA = new long[PAIRS / 16][];
    setsB = new long[PAIRS / 16][];
    for (int p = 0; p < PAIRS; p++) {
      for (int v = 0; v < VALUES; v++) {
        signaturesA[p][v] = random.nextInt();
        signaturesB[p][v] = random.nextDouble() < 0.07 ? signaturesA[p][v] : random.nextInt();
      }
      lowBytesA[p] = Signatures.lowBytes(signaturesA[p]);
      lowBytesB[p] = Signatures.lowBytes(signaturesB[p]);
    }
    for (int p = 0; p < setsA.length; p++) {
      setsA[p] = BenchData.set(1000, 7 + 2L * p);
      setsB[p] = BenchData.perturbed(setsA[p], 0.739, 8 + 2L * p); // J = 0.261 / 1.739 = 0.15
    }
  }

  @Benchmark
  public boolean signatureFilter() {
    next = (next + 1) % PAIRS;
    return Signatures.agreeAtLeast(signaturesA[next], signaturesB[next], minimum);
  }

  @Benchmark
  public boolean lowByteFilter() {
    next = (next + 1) % PAIRS;
    return Signatures.lowByteAgreement(lowBytesA[next], lowBytesB[next], VALUES) >= lowMinimum;
  }

  @Benchmark
  public double exactMerge() {
    next = (next + 1) % setsA.length;
    return Jaccard.similarityAtLeast(setsA[next], setsB[next], BAR);
  }

  @Benchmark
  public double mergeGivingUpEarly() {
    next = (next + 1) % setsA.length;
    return Jaccard.plausiblyAtLeast(setsA[next], setsB[next], BAR, TopKPlan.MERGE_SIGMAS);
  }
}
