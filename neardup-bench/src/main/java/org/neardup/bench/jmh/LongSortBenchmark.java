package org.neardup.bench.jmh;

import java.util.SplittableRandom;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Sorting {@code size} uniformly random 64-bit values, as shingle hashes are, with each {@link
 * LongSorter}. One operation copies the same unsorted input into a work array and sorts it; the
 * copy is the same for every sorter (about 1% of the time at 1,000 values).
 */
@State(Scope.Thread)
public class LongSortBenchmark extends KernelBenchmark {
  @Param({"100", "1000", "10000", "100000"})
  public int size;

  @Param public LongSorter sorter;

  private long[] input;
  private long[] work;

  @Setup
  public void setUp() {
    input = new SplittableRandom(size).longs(size).toArray();
    work = new long[size];
  }

  @Benchmark
  public long[] sort() {
    System.arraycopy(input, 0, work, 0, size);
    sorter.sort(work);
    return work;
  }
}
