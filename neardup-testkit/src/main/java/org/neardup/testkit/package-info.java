/**
 * Test helpers shared by the modules' tests (not deployed): the real data sets of {@code
 * ../shared/data}, skipped with a message when absent (failing under {@code CI=true}), a small
 * tmpfs for tests of a full disk, skipped when it cannot be mounted, and checks more than one
 * module's tests make (the guarantees of a kept set built online).
 */
package org.neardup.testkit;
