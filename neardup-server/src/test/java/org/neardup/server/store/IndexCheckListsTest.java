package org.neardup.server.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
 * documents or more once read), and an entry that points at no document (one removed, one never
 * given out); and finds every other document in its lists.
 */
class IndexCheckListsTest {
  @TempDir Path dir;

  @Test
  void documentsMissingFromTheMiddleOfContainmentListsAreReportedByName() throws Exception {
    Path data = build();

    List<String> removed = new ArrayList<>();
    edit(
        data,
        (db, families) -> {
          ColumnFamilyHandle lists = families.get(RocksLayout.CONTAINMENT);
          for (byte[] listKey : List.of(longestList(db, lists), aShortList(db, lists))) {
            long[] members = RocksLayout.handles(db.get(lists, listKey));
            int middle = members.length / 2;
            long[] rest = new long[members.length - 1];
            System.arraycopy(members, 0, rest, 0, middle);
            System.arraycopy(members, middle + 1, rest, middle, rest.length - middle);
            assertThat(Arrays.binarySearch(rest, members[middle])).isNegative();
            db.put(lists, listKey, RocksLayout.handles(rest));
            byte[] id = db.get(families.get(RocksLayout.IDS), RocksLayout.handle(members[middle]));
            removed.add(new String(id, StandardCharsets.UTF_8));
          }
        });
    assertThat(removed).doesNotHaveDuplicates();

    List<String> problems = problems(data);
    assertThat(problems)
        .filteredOn(problem -> problem.contains(" is missing from "))
        .containsExactlyInAnyOrderElementsOf(
            removed.stream()
                .map(id -> "document '" + id + "' is missing from a list of containment-lists")
                .toList());
    assertThat(problems).anyMatch(problem -> problem.contains(" entries in containment-lists"));
  }

  @Test
  void listEntriesOfARemovedDocumentAndOfAHandleNeverGivenOutAreReported() throws Exception {
    Path data = build();
    long[] gone = new long[2];
    edit(
        data,
        (db, families) -> {
          try (RocksIterator ids = db.newIterator(families.get(RocksLayout.IDS))) {
            for (ids.seekToFirst(); ids.isValid(); ids.next()) {
              if (new String(ids.value(), StandardCharsets.UTF_8).equals("doc-3")) {
                gone[0] = RocksLayout.handle(ids.key());
              }
            }
          }
          gone[1] = RocksLayout.handle(db.get(RocksLayout.NEXT_HANDLE)) + 5;
        });
    try (IndexDirectory directory = IndexDirectory.open(data, IndexDirectory.Options.existing())) {
      assertThat(directory.index().remove("doc-3")).isTrue();
    }
    edit(
        data,
        (db, families) -> {
          ColumnFamilyHandle lists = families.get(RocksLayout.CONTAINMENT);
          byte[] listKey = longestList(db, lists);
          long[] members = RocksLayout.handles(db.get(lists, listKey));
          long[] more = Arrays.copyOf(members, members.length + 2);
          more[members.length] = gone[0];
          more[members.length + 1] = gone[1];
          Arrays.sort(more);
          db.put(lists, listKey, RocksLayout.handles(more));
        });

    assertThat(problems(data))
        .filteredOn(problem -> problem.contains(" points at missing handle "))
        .containsExactlyInAnyOrder(
            "an entry of containment-lists points at missing handle " + gone[0],
            "an entry of containment-lists points at missing handle " + gone[1]);
  }

  /**
   * An index of 700 texts with containment lists; every text shares a sentence (long lists) and
   * draws its other words from few (short ones). Checks clean.
   */
  private Path build() {
    Path data = dir.resolve("index");
    IndexSettings settings =
        IndexSettings.of(
            PipelineConfig.builder().threads(1).build(), false, new SearchSettings(0.3, 4));
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
    return data;
  }

  private static List<String> problems(Path data) {
    try (IndexDirectory directory = IndexDirectory.open(data, IndexDirectory.Options.existing())) {
      return directory.check().problems();
    }
  }

  /** The key of the longest containment list (600 documents or more). */
  private static byte[] longestList(RocksDB db, ColumnFamilyHandle lists) {
    byte[] longest = null;
    int length = 0;
    try (RocksIterator iterator = db.newIterator(lists)) {
      for (iterator.seekToFirst(); iterator.isValid(); iterator.next()) {
        if (iterator.value().length / 8 > length) {
          length = iterator.value().length / 8;
          longest = iterator.key();
        }
      }
    }
    assertThat(length).as("the longest list").isGreaterThanOrEqualTo(600);
    return longest;
  }

  /** The key of a containment list of three to seven documents (not kept by the check). */
  private static byte[] aShortList(RocksDB db, ColumnFamilyHandle lists) {
    try (RocksIterator iterator = db.newIterator(lists)) {
      for (iterator.seekToFirst(); iterator.isValid(); iterator.next()) {
        int length = iterator.value().length / 8;
        if (length >= 3 && length <= 7) {
          return iterator.key();
        }
      }
    }
    throw new AssertionError("no containment list of three to seven documents");
  }

  private interface Edit {
    void apply(RocksDB db, Map<String, ColumnFamilyHandle> families) throws Exception;
  }

  /**
   * Opens the index in RocksDB itself, with the store's merge operator (the lists are appended to
   * by merges), for {@code edit}, which finds the column families by name.
   */
  private static void edit(Path data, Edit edit) throws Exception {
    List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
    List<ColumnFamilyHandle> handles = new ArrayList<>();
    try (org.rocksdb.Options listing = new org.rocksdb.Options();
        StringAppendOperator append = new StringAppendOperator("");
        ColumnFamilyOptions familyOptions = new ColumnFamilyOptions().setMergeOperator(append)) {
      for (byte[] name : RocksDB.listColumnFamilies(listing, data.toString())) {
        descriptors.add(new ColumnFamilyDescriptor(name, familyOptions));
      }
      try (DBOptions options = new DBOptions();
          RocksDB db = RocksDB.open(options, data.toString(), descriptors, handles)) {
        try {
          Map<String, ColumnFamilyHandle> families = new HashMap<>();
          for (int i = 0; i < handles.size(); i++) {
            families.put(
                new String(descriptors.get(i).getName(), StandardCharsets.US_ASCII),
                handles.get(i));
          }
          edit.apply(db, families);
        } finally {
          handles.forEach(ColumnFamilyHandle::close);
        }
      }
    }
  }
}
