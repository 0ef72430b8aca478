package org.neardup.search;

/**
 * Binomial probabilities for the plans of this package, computed in log space so that thousands of
 * trials neither underflow nor overflow. Stateless and thread-safe.
 */
final class Binomial {
  private Binomial() {}

  /** P(X = k) for X ~ Binomial(n, p). */
  static double pmf(int n, double p, int k) {
    if (k < 0 || k > n) {
      return 0;
    }
    if (p <= 0) {
      return k == 0 ? 1 : 0;
    }
    if (p >= 1) {
      return k == n ? 1 : 0;
    }
    return Math.exp(logChoose(n, k) + k * Math.log(p) + (n - k) * Math.log1p(-p));
  }

  /** P(X &lt;= k) for X ~ Binomial(n, p). */
  static double cdf(int n, double p, int k) {
    if (k < 0) {
      return 0;
    }
    if (k >= n) {
      return 1;
    }
    double sum = 0;
    for (int i = 0; i <= k; i++) {
      sum += pmf(n, p, i);
    }
    return Math.min(1, sum);
  }

  /** P(X &lt;= k) for every k in [0, n], X ~ Binomial(n, p). */
  static double[] cdfs(int n, double p) {
    double[] cdf = new double[n + 1];
    double sum = 0;
    for (int k = 0; k <= n; k++) {
      sum += pmf(n, p, k);
      cdf[k] = Math.min(1, sum);
    }
    return cdf;
  }

  /**
   * P(X &gt;= k) for X the number of marked items among {@code draws} drawn without replacement
   * from {@code population} items of which {@code marked} are marked (hypergeometric).
   */
  static double hypergeometricTail(int population, int marked, int draws, int k) {
    double logAll = logChoose(population, draws);
    double sum = 0;
    for (int i = Math.max(k, draws - (population - marked)); i <= Math.min(marked, draws); i++) {
      sum += Math.exp(logChoose(marked, i) + logChoose(population - marked, draws - i) - logAll);
    }
    return Math.min(1, sum);
  }

  /** ln C(n, k). */
  static double logChoose(int n, int k) {
    return logFactorial(n) - logFactorial(k) - logFactorial(n - k);
  }

  /** ln n!: exact sums below 256, Stirling's series (error below 1e-12) above. */
  static double logFactorial(int n) {
    if (n < SMALL.length) {
      return SMALL[n];
    }
    double x = n + 1.0;
    return (x - 0.5) * Math.log(x)
        - x
        + 0.5 * Math.log(2 * Math.PI)
        + 1 / (12 * x)
        - 1 / (360 * x * x * x)
        + 1 / (1260 * x * x * x * x * x);
  }

  private static final double[] SMALL = new double[256];

  static {
    for (int i = 1; i < SMALL.length; i++) {
      SMALL[i] = SMALL[i - 1] + Math.log(i);
    }
  }
}
