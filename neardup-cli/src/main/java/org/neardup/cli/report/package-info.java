/**
 * {@code report}: one self-contained HTML page of a run (parameters, counts, histogram, clusters,
 * the least similar pairs side by side with their word differences marked).
 */
package org.neardup.cli.report;
