package org.neardup.spark.shuffle;

import java.util.function.IntBinaryOperator;

/**
 * Sorts a permutation of positions by a comparison of the positions, for records held in parallel
 * primitive arrays: a stable merge sort, insertion sort on short runs. Stateless.
 */
public final class IndexSort {
  private static final int INSERTION_RUN = 24;

  private IndexSort() {}

  /** The positions 0..n-1 sorted by {@code compare}. */
  public static int[] sorted(int n, IntBinaryOperator compare) {
    int[] index = new int[n];
    for (int i = 0; i < n; i++) {
      index[i] = i;
    }
    sort(index, 0, n, compare);
    return index;
  }

  /** Sorts {@code index[from, to)} by {@code compare} of the positions it holds; stable. */
  public static void sort(int[] index, int from, int to, IntBinaryOperator compare) {
    if (to - from <= INSERTION_RUN) {
      insertion(index, from, to, compare);
      return;
    }
    int[] scratch = new int[to - from];
    mergeSort(index, scratch, from, to, compare);
  }

  private static void mergeSort(
      int[] index, int[] scratch, int from, int to, IntBinaryOperator compare) {
    if (to - from <= INSERTION_RUN) {
      insertion(index, from, to, compare);
      return;
    }
    int middle = (from + to) >>> 1;
    mergeSort(index, scratch, from, middle, compare);
    mergeSort(index, scratch, middle, to, compare);
    if (compare.applyAsInt(index[middle - 1], index[middle]) <= 0) {
      return;
    }
    System.arraycopy(index, from, scratch, 0, middle - from);
    int i = 0;
    int left = middle - from;
    int j = middle;
    int k = from;
    while (i < left && j < to) {
      index[k++] = compare.applyAsInt(index[j], scratch[i]) < 0 ? index[j++] : scratch[i++];
    }
    while (i < left) {
      index[k++] = scratch[i++];
    }
  }

  private static void insertion(int[] index, int from, int to, IntBinaryOperator compare) {
    for (int i = from + 1; i < to; i++) {
      int value = index[i];
      int j = i - 1;
      while (j >= from && compare.applyAsInt(index[j], value) > 0) {
        index[j + 1] = index[j];
        j--;
      }
      index[j + 1] = value;
    }
  }
}
