/**
 * {@code tune} (the banding {@code pairs} would use, its S-curve, a sample estimate of what it
 * costs) and {@code explain} (why two documents are, or are not, a pair).
 */
package org.neardup.cli.tune;
