/**
 * Test helpers shared by the modules' tests (not deployed): the real data sets of {@code
 * ../shared/data}, skipped with a message when absent.
 */
package org.neardup.testkit;
