package org.neardup.server.store;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.neardup.format.CorruptFormatException;
import org.neardup.format.ShingleSetFormat;
import org.neardup.index.IndexSettings;
import org.neardup.input.DocumentId;
import org.neardup.lsh.Banding;
import org.neardup.search.ContainmentSample;
import org.neardup.verify.VerifyMode;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;

/**
 * Reads a whole persistent index and checks that it is consistent: every document has its key,
 * signature (of the right length), shingle set (sorted, in exact mode) and one bucket entry a band
 * (and, in an index built for containment, one containment entry a sampled shingle; the top-k floor
 * buckets are made in memory from the signatures, {@code FloorCache}); every key and bucket entry
 * points at a document, and every key follows {@link DocumentId}'s rule (which every face applies,
 * so only an index written otherwise breaks it); the stored count and next handle agree. Reads a
 * consistent view while writes go on (RocksDB iterators are snapshots).
 */
public final class IndexCheck {
  private static final int MAX_REPORTED = 20;

  /**
   * Search lists of this many bytes or more (8 documents) are kept once read, for the other
   * documents they list...
   */
  private static final int KEPT_LIST_BYTES = 64;

  /**
   * ...up to about this many bytes of the heap (with 100 a list for its entry), the least recently
   * read going first.
   */
  private static final long KEPT_LISTS_BYTES = 16L << 20;

  /**
   * What a check found.
   *
   * @param documents documents read
   * @param bucketEntries bucket entries read
   * @param problems the first problems found (at most 20)
   * @param problemCount every problem found
   */
  public record Report(
      long documents, long bucketEntries, List<String> problems, long problemCount) {
    public boolean ok() {
      return problemCount == 0;
    }
  }

  private final RocksDB db;
  private final List<ColumnFamilyHandle> families;
  private final List<String> names; // the name of each family, the default one first
  private final IndexSettings settings;
  private long expectedContainment;
  private final List<String> problems = new ArrayList<>();
  private final Set<String> unreadable = new HashSet<>();
  private long problemCount;
  private final Map<ListKey, byte[]> keptLists = new LinkedHashMap<>(64, 0.75f, true);
  private long keptBytes;

  IndexCheck(
      RocksDB db, List<ColumnFamilyHandle> families, List<String> names, IndexSettings settings) {
    this.db = db;
    this.families = families;
    this.names = names;
    this.settings = settings;
  }

  Report run() {
    try (var snapshot = new RocksSnapshot(db, this::unreadable)) {
      long documents = checkDocuments(snapshot);
      checkKeys(snapshot);
      long entries = checkLists(snapshot, family(RocksLayout.BUCKETS), RocksLayout.BUCKETS, false);
      checkSearchEntries(
          snapshot,
          RocksLayout.CONTAINMENT,
          expectedContainment,
          settings.search().hasContainment());
      long expectedEntries = documents * settings.banding().bands();
      if (entries != expectedEntries) {
        problem(
            entries
                + " bucket entries, but "
                + documents
                + " documents of "
                + settings.banding().bands()
                + " bands make "
                + expectedEntries);
      }
      long storedCount = readLong(snapshot, RocksLayout.COUNT);
      if (storedCount != documents) {
        problem("stored count " + storedCount + " but " + documents + " documents");
      }
      return new Report(documents, entries, List.copyOf(problems), problemCount);
    }
  }

  private long checkDocuments(RocksSnapshot snapshot) {
    Banding banding = new Banding(settings.banding(), settings.bandingVersion());
    int n = settings.sketch().numPermutations();
    ContainmentSample sample =
        settings.search().hasContainment()
            ? new ContainmentSample(settings.search().containmentSampling())
            : null;
    long nextHandle = readLong(snapshot, RocksLayout.NEXT_HANDLE);
    long documents = 0;
    try (RocksIterator ids = snapshot.iterator(family(RocksLayout.IDS))) {
      for (ids.seekToFirst(); ids.isValid() || readToEnd(ids, RocksLayout.IDS); ids.next()) {
        documents++;
        byte[] handleBytes = ids.key();
        long handle = RocksLayout.handle(handleBytes);
        String key = new String(ids.value(), StandardCharsets.UTF_8);
        Optional<String> badKey = DocumentId.recordDetail(key);
        if (badKey
            .isPresent()) { // stored before every face applied the rule: the API cannot address it
          problem("document " + handle + ": " + badKey.get());
          key = "handle " + handle; // not printed raw below
        }
        if (handle >= nextHandle) {
          problem(
              "handle " + handle + " of '" + key + "' is not below the next handle " + nextHandle);
        }
        byte[] mapped = snapshot.get(family(RocksLayout.KEYS), ids.value());
        if (mapped == null || RocksLayout.handle(mapped) != handle) {
          problem("key '" + key + "' does not point back at handle " + handle);
        }
        byte[] signature = snapshot.get(family(RocksLayout.SIGNATURES), handleBytes);
        if (signature == null || signature.length != 4 * n) {
          problem(
              "document '"
                  + key
                  + "': "
                  + (signature == null
                      ? "no signature"
                      : "signature of " + signature.length + " bytes"));
          continue;
        }
        int[] values = RocksLayout.signature(signature);
        long[] set = checkSet(snapshot, handleBytes, key);
        if (sample != null && set != null) {
          long[] sampled = sample.of(set);
          expectedContainment += sampled.length;
          checkEntries(snapshot, RocksLayout.CONTAINMENT, sampled, handle, key);
        }
        for (long bucket : banding.bucketKeys(values)) {
          byte[] members = snapshot.get(family(RocksLayout.BUCKETS), RocksLayout.handle(bucket));
          if (members == null
              || Arrays.stream(RocksLayout.handles(members)).noneMatch(m -> m == handle)) {
            problem("document '" + key + "' is missing from a bucket");
            break;
          }
        }
      }
    }
    return documents;
  }

  /**
   * The document's shingle set, decoded, or null when it has none or it is damaged (a problem
   * then).
   */
  private long[] checkSet(RocksSnapshot snapshot, byte[] handleBytes, String key) {
    byte[] set = snapshot.get(family(RocksLayout.SETS), handleBytes);
    if (settings.verify() == VerifyMode.EXACT && set == null) {
      problem("document '" + key + "' has no shingle set");
    } else if (set != null) {
      try {
        return ShingleSetFormat.decode(set);
      } catch (CorruptFormatException e) {
        problem("document '" + key + "': " + e.getMessage());
      }
    }
    return null;
  }

  /** The document is in the lists of {@code keys} of a search family (ascending: binary search). */
  private void checkEntries(
      RocksSnapshot snapshot, String familyName, long[] keys, long handle, String key) {
    for (long bucket : keys) {
      byte[] list = list(snapshot, familyName, bucket);
      if (list == null || !RocksLayout.holds(list, handle)) {
        problem("document '" + key + "' is missing from a list of " + familyName);
        return;
      }
    }
  }

  /**
   * A search family's list, read from the snapshot once while it is among the lists kept: a list is
   * read for every document it lists.
   */
  private byte[] list(RocksSnapshot snapshot, String familyName, long bucket) {
    ListKey listKey = new ListKey(familyName, bucket);
    byte[] list = keptLists.get(listKey);
    if (list == null) {
      list = snapshot.get(searchFamily(familyName), RocksLayout.handle(bucket));
      if (list != null && list.length >= KEPT_LIST_BYTES) {
        keptLists.put(listKey, list);
        keptBytes += 100 + list.length;
        Iterator<byte[]> leastRecent = keptLists.values().iterator();
        while (keptBytes > KEPT_LISTS_BYTES) {
          keptBytes -= 100 + leastRecent.next().length;
          leastRecent.remove();
        }
      }
    }
    return list;
  }

  private record ListKey(String familyName, long bucket) {}

  /**
   * Counts a search family's entries, each pointing at a document, against what the documents make.
   */
  private void checkSearchEntries(
      RocksSnapshot snapshot, String familyName, long expected, boolean needed) {
    if (needed) {
      long entries = checkLists(snapshot, searchFamily(familyName), familyName, true);
      if (entries != expected) {
        problem(entries + " entries in " + familyName + ", but the documents make " + expected);
      }
    }
  }

  private ColumnFamilyHandle searchFamily(String name) {
    return families.get(names.indexOf(name));
  }

  private void checkKeys(RocksSnapshot snapshot) {
    try (RocksIterator keys = snapshot.iterator(family(RocksLayout.KEYS))) {
      for (keys.seekToFirst(); keys.isValid() || readToEnd(keys, RocksLayout.KEYS); keys.next()) {
        byte[] id = snapshot.get(family(RocksLayout.IDS), keys.value());
        if (id == null || !Arrays.equals(id, keys.key())) {
          problem(
              "key '"
                  + new String(keys.key(), StandardCharsets.UTF_8)
                  + "' points at a missing document");
        }
      }
    }
  }

  /**
   * Reads every list of a family of lists (the buckets, or a search family, whose lists must also
   * be ascending): none empty, none listing a document twice, every entry a document. The entries
   * read.
   */
  private long checkLists(
      RocksSnapshot snapshot, ColumnFamilyHandle lists, String familyName, boolean ascending) {
    long entries = 0;
    try (RocksIterator iterator = snapshot.iterator(lists)) {
      for (iterator.seekToFirst();
          iterator.isValid() || readToEnd(iterator, familyName);
          iterator.next()) {
        long[] members = RocksLayout.handles(iterator.value());
        if (members.length == 0) {
          problem("an empty list is stored in " + familyName);
        }
        if (Arrays.stream(members).distinct().count() != members.length) {
          problem("a list of " + familyName + " holds a document twice");
        } else if (ascending && !isAscending(members)) {
          problem("a list of " + familyName + " is not in ascending order");
        }
        for (long member : members) {
          entries++;
          if (snapshot.get(family(RocksLayout.IDS), RocksLayout.handle(member)) == null) {
            problem("an entry of " + familyName + " points at missing handle " + member);
          }
        }
      }
    }
    return entries;
  }

  private static boolean isAscending(long[] values) {
    for (int i = 1; i < values.length; i++) {
      if (values[i] <= values[i - 1]) {
        return false;
      }
    }
    return true;
  }

  private long readLong(RocksSnapshot snapshot, byte[] key) {
    byte[] value = snapshot.get(families.get(0), key);
    return value == null ? 0 : RocksLayout.handle(value);
  }

  private ColumnFamilyHandle family(String name) {
    return families.get(1 + RocksLayout.FAMILIES.indexOf(name));
  }

  /**
   * Whether an iterator that is no longer valid stopped for a failure, not at its end: false either
   * way, and a failure is a problem (the rest of the family is not read).
   */
  private boolean readToEnd(RocksIterator iterator, String familyName) {
    try {
      iterator.status();
    } catch (RocksDBException e) {
      unreadable(familyName, e);
    }
    return false;
  }

  /** A read that failed: the index is damaged there (each distinct failure is one problem). */
  private void unreadable(ColumnFamilyHandle family, RocksDBException e) {
    int at = families.indexOf(family);
    unreadable(at < 0 ? "the index" : names.get(at), e);
  }

  private void unreadable(String familyName, RocksDBException e) {
    String message = "cannot read " + familyName + ": " + e.getMessage();
    if (unreadable.add(message)) {
      problem(message);
    }
  }

  private void problem(String message) {
    problemCount++;
    if (problems.size() < MAX_REPORTED) {
      problems.add(message);
    }
  }
}
