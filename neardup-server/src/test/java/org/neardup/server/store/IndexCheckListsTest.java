package org.neardup.server.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.config.PipelineConfig;
import org.neardup.index.IndexSettings;
import org.neardup.index.SearchSettings;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksIterator;
import org.rocksdb.StringAppendOperator;

/**
 * {@code index check} finds a document taken out of a containment list that still lists the
 * documents before and after it, in a short list and in a long one (the check keeps the lists of 8
 * documents or more once read), and finds every other document in its lists.
 */
class IndexCheckListsTest {
  @TempDir Path dir;

  @Test
  void documentsMissingFromTheMiddleOfContainmentListsAreReportedByName() throws Exception {
    Path data = dir.resolve("index");
    IndexSettings settings =
        IndexSettings.of(
            PipelineConfig.builder().threads(1).build(), false, new SearchSettings(0.3, 4));
    // Every text shares a sentence (long lists) and draws its other words from few (short ones).
    SplittableRandom random = new SplittableRandom(5);
    String[] vocabulary = new String[300];
    for (int i = 0; i < vocabulary.length; i++) {
      vocabulary[i] = "w" + Integer.toString(i * 7919, 36);
    }
    try (IndexDirectory directory =
        IndexDirectory.open(
            data, new IndexDirectory.Options(settings, true, false, 16L << 20, 1))) {
      for (int i = 0; i < 700; i++) {
        StringBuilder text = new StringBuilder("the same sentence opens every one of these texts");
        for (int w = 0; w < 30; w++) {
          text.append(' ').append(vocabulary[random.nextInt(vocabulary.length)]);
        }
        directory.index().add("doc-" + i, text.toString());
      }
      assertThat(directory.check().problems()).isEmpty();
    }

    List<String> removed = removeTheMiddleHandles(data);

    try (IndexDirectory directory = IndexDirectory.open(data, IndexDirectory.Options.existing())) {
      List<String> problems = directory.check().problems();
      assertThat(problems)
          .filteredOn(problem -> problem.contains(" is missing from "))
          .containsExactlyInAnyOrderElementsOf(
              removed.stream()
                  .map(id -> "document '" + id + "' is missing from a list of containment-lists")
                  .toList());
      assertThat(problems).anyMatch(problem -> problem.contains(" entries in containment-lists"));
    }
  }

  /**
   * Takes the middle handle out of the longest containment list and out of a list of three to seven
   * documents, in RocksDB itself; the ids of the two documents they named.
   */
  private static List<String> removeTheMiddleHandles(Path data) throws Exception {
    List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
    List<String> names = new ArrayList<>();
    List<ColumnFamilyHandle> handles = new ArrayList<>();
    // the lists are appended to by merges: read with the store's merge operator
    try (org.rocksdb.Options listing = new org.rocksdb.Options();
        StringAppendOperator append = new StringAppendOperator("");
        ColumnFamilyOptions familyOptions = new ColumnFamilyOptions().setMergeOperator(append)) {
      for (byte[] name : RocksDB.listColumnFamilies(listing, data.toString())) {
        descriptors.add(new ColumnFamilyDescriptor(name, familyOptions));
        names.add(new String(name, StandardCharsets.US_ASCII));
      }
      try (DBOptions options = new DBOptions();
          RocksDB db = RocksDB.open(options, data.toString(), descriptors, handles)) {
        ColumnFamilyHandle lists = handles.get(names.indexOf(RocksLayout.CONTAINMENT));
        byte[] longest = null;
        byte[] longestKey = null;
        byte[] shortKey = null;
        try (RocksIterator iterator = db.newIterator(lists)) {
          for (iterator.seekToFirst(); iterator.isValid(); iterator.next()) {
            int length = iterator.value().length / 8;
            if (longest == null || length > longest.length / 8) {
              longest = iterator.value();
              longestKey = iterator.key();
            }
            if (shortKey == null && length >= 3 && length <= 7) {
              shortKey = iterator.key();
            }
          }
        }
        assertThat(longest.length / 8).as("the longest list").isGreaterThanOrEqualTo(600);
        assertThat(shortKey).as("a list of three to seven documents").isNotNull();
        List<String> removed = new ArrayList<>();
        for (byte[] listKey : List.of(longestKey, shortKey)) {
          long[] members = RocksLayout.handles(db.get(lists, listKey));
          int middle = members.length / 2;
          long[] rest = new long[members.length - 1];
          System.arraycopy(members, 0, rest, 0, middle);
          System.arraycopy(members, middle + 1, rest, middle, rest.length - middle);
          assertThat(Arrays.binarySearch(rest, members[middle])).isNegative();
          db.put(lists, listKey, RocksLayout.handles(rest));
          byte[] id =
              db.get(
                  handles.get(names.indexOf(RocksLayout.IDS)), RocksLayout.handle(members[middle]));
          removed.add(new String(id, StandardCharsets.UTF_8));
        }
        assertThat(removed).doesNotHaveDuplicates();
        return removed;
      } finally {
        handles.forEach(ColumnFamilyHandle::close);
      }
    }
  }
}
