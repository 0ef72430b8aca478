/**
 * The word diff of two texts (java-diff-utils' Myers diff over whitespace-separated words, compared
 * after normalization) that the CLI's HTML report draws and the service's page shows. A module of
 * its own, so that both reach it: the report without the service's RocksDB store, the service
 * without the command line.
 */
package org.neardup.diff;
