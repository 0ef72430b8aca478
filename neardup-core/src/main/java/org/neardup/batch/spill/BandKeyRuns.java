package org.neardup.batch.spill;

import java.nio.file.Path;
import org.neardup.sort.KeyValueSorter;
import org.neardup.sort.SortedEntries;

/**
 * The bucket keys of a corpus, one external sort a band: (bucket key, ordinal) entries, written to
 * disk in sorted runs when the buffers fill, and read back band by band in bucket-key order, which
 * puts the documents of a bucket next to each other (ordinals ascending). Fed in ordinal order by
 * one thread. Close it to delete its runs.
 */
public final class BandKeyRuns implements AutoCloseable {
  private final KeyValueSorter[] bands;

  /**
   * @param bands number of bands
   * @param sortBytes heap for all the bands' buffers together
   * @param spillDirectory where the runs go; null for the system's temporary directory
   */
  BandKeyRuns(int bands, long sortBytes, Path spillDirectory) {
    long perBand = Math.max(1, sortBytes / bands / KeyValueSorter.bufferBytes(1, true));
    int entries = (int) Math.min(1 << 26, perBand);
    this.bands = new KeyValueSorter[bands];
    for (int band = 0; band < bands; band++) {
      this.bands[band] = new KeyValueSorter(entries, true, spillDirectory, "neardup-keys-");
    }
  }

  /** Adds the bucket keys of the next document, {@code ordinal}: key {@code b} is band b's. */
  void add(int ordinal, long[] bucketKeys) {
    for (int band = 0; band < bands.length; band++) {
      bands[band].add(bucketKeys[band], ordinal);
    }
  }

  /** Band {@code band}'s entries in (key, ordinal) order; once per band, after the last add. */
  public SortedEntries sorted(int band) {
    return bands[band].sorted();
  }

  /** Sorted runs on disk, over all bands. */
  int runCount() {
    int runs = 0;
    for (KeyValueSorter band : bands) {
      runs += band.runCount();
    }
    return runs;
  }

  /** Frees band {@code band}'s buffer and runs (after reading it). */
  public void release(int band) {
    bands[band].close();
  }

  @Override
  public void close() {
    for (KeyValueSorter band : bands) {
      band.close();
    }
  }
}
