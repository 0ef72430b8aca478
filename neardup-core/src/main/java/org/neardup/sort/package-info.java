/**
 * Sorting of primitive keys, in memory and beyond it: {@link org.neardup.sort.LongSort} sorts and
 * dedups {@code long[]} hash values, {@link org.neardup.sort.IntSort} radix-sorts non-negative
 * {@code int[]}, {@link org.neardup.sort.KeyValueSorter} merge-sorts (long key, int value) entries
 * through sorted runs on disk and hands them back as {@link org.neardup.sort.SortedEntries}, and
 * {@link org.neardup.sort.SpillFile} is the temporary file that runs (and other data too large for
 * the heap) go to. The stages, the service's store and the readers that spool their input use them.
 *
 * <p>Public API, stable like the rest of core: a change to it is made on purpose and recorded in
 * {@code PublicApiTest}'s list.
 */
package org.neardup.sort;
