/**
 * The word diff of two texts (java-diff-utils' Myers diff over whitespace-separated words, compared
 * after normalization) that the CLI's HTML report draws and the service's page shows.
 */
package org.neardup.server.diff;
