/**
 * Test helpers shared by the modules' tests (not deployed): the real data sets of {@code
 * ../shared/data}, skipped with a message when absent, and a small tmpfs for tests of a full disk,
 * skipped when it cannot be mounted.
 */
package org.neardup.testkit;
