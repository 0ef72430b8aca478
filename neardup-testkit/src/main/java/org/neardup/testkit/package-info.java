/**
 * Helpers of the modules' tests: the real data sets of {@code ../shared/data}, skipped with a
 * message when absent (failing under {@code CI=true}); a small tmpfs for tests of a full disk,
 * skipped when it cannot be mounted; a planted corpus of near-duplicates across languages. JUnit is
 * an optional dependency of this module: the tests that use these helpers have it.
 */
package org.neardup.testkit;
