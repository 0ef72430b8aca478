package org.neardup.cluster;

/** Disjoint sets over 0..n-1 with path halving and union by size. Not thread-safe. */
public final class UnionFind {
  private final int[] parent;
  private final int[] size;

  public UnionFind(int n) {
    parent = new int[n];
    size = new int[n];
    for (int i = 0; i < n; i++) {
      parent[i] = i;
      size[i] = 1;
    }
  }

  /** The representative of {@code x}'s set. */
  public int find(int x) {
    while (parent[x] != x) {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
    return x;
  }

  /** Merges the sets of {@code a} and {@code b}; returns false if they were already one. */
  public boolean union(int a, int b) {
    int rootA = find(a);
    int rootB = find(b);
    if (rootA == rootB) {
      return false;
    }
    if (size[rootA] < size[rootB]) {
      int t = rootA;
      rootA = rootB;
      rootB = t;
    }
    parent[rootB] = rootA;
    size[rootA] += size[rootB];
    return true;
  }
}
