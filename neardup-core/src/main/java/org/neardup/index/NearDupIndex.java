package org.neardup.index;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.neardup.api.Faces;
import org.neardup.config.PipelineConfig;
import org.neardup.lsh.Banding;
import org.neardup.lsh.LshParams;
import org.neardup.search.ContainmentPlan;
import org.neardup.search.ContainmentQuery;
import org.neardup.search.TopKCollector;
import org.neardup.search.TopKPlan;
import org.neardup.sketch.DocumentSketcher;
import org.neardup.sketch.Sketch;
import org.neardup.verify.Verifier;
import org.neardup.verify.VerifyMode;

/**
 * The online index: documents added one at a time (or in batches), and the question "which
 * documents I hold are near-duplicates of this one?" answered with <em>verified</em> matches — each
 * with its exact Jaccard similarity, best first — not LSH candidates. datasketch's {@code
 * MinHashLSH} plus exactness.
 *
 * <pre>{@code
 * NearDupIndex<String> index = NearDupIndex.inMemory();          // threshold 0.8, char:5, ...
 * index.add("ad-1", "Sunny two-room flat near the station, 800 euro");
 * List<Match<String>> dups = index.addAndQuery("ad-2", "Sunny two room flat near the station: 800 euro");
 * // [Match[key=ad-1, similarity=0.83...]]
 * }</pre>
 *
 * <p>The threshold, shingling, signature and banding come from a {@link PipelineConfig}, exactly as
 * {@code pairs} uses them (the banding is chosen from the threshold and target recall unless set),
 * so the index finds what the batch pipeline finds: a pair of documents is a match exactly when
 * {@code pairs} reports it. Candidates go through the same {@link Verifier} as the batch path.
 * Storage is pluggable ({@link IndexStorage}): in memory here, on disk in the service.
 *
 * <p>Beyond the threshold, as its {@link SearchSettings} allow: {@link #top} returns the k most
 * similar documents (exact Jaccard, down to the top-k floor; see {@link TopKPlan}), and {@link
 * #containing} the documents that contain most of a text (exact containment |Q ∩ X| / |Q|; see
 * {@link ContainmentPlan}). Each costs bucket entries, so each is opt-in; {@code add} and {@link
 * #query} are the same with or without them.
 *
 * <p>A kept set online: {@link #addIfUnique} stores a document only when no document held is its
 * near-duplicate, and otherwise names the one it duplicates. Added only that way, the documents
 * held are a kept set with the two guarantees of {@code dedup}: every document refused has a held
 * document at similarity &gt;= the threshold, and no two held documents are a pair (beyond the
 * pairs LSH misses, as for {@code pairs}).
 *
 * <p>Thread-safe: queries run concurrently with each other; writes (add, upsert, remove) run one at
 * a time and each is committed to the storage before it returns. Sketching happens outside the
 * lock; the check of a unique add and its insert happen together under it, so of two
 * near-duplicates added concurrently exactly one is kept. A text that is empty after normalization
 * has nothing to compare: adding one is an error, querying one finds nothing.
 *
 * @param <K> the document key type (equals/hashCode define identity)
 */
public final class NearDupIndex<K> implements AutoCloseable {
  /** The index of the threshold's space in {@link #spaces}. */
  static final int THRESHOLD = 0;

  private final PipelineConfig config;
  private final DocumentSketcher sketcher;
  private final Banding banding;
  private final Verifier verifier;
  private final IndexStorage<K> storage;
  private final SketchStore<K> sketches;
  private final BucketStore buckets;
  private final SearchSettings search;

  /**
   * The bucket spaces kept: the threshold's, then the top-k floor's and containment's when used.
   */
  private final List<KeptSpace> spaces;

  private final ContainmentPlan containmentPlan; // null without containment
  private final TopKSearch topK;
  private final ContainmentSearch containment; // null without containment
  private final ReadWriteLock lock = new ReentrantReadWriteLock();
  private final ThresholdSearch<K> threshold;
  private final WritePipeline<K> pipeline;

  private NearDupIndex(PipelineConfig config, SearchSettings search, IndexStorage<K> storage) {
    this.config = Objects.requireNonNull(config, "config");
    this.search = Objects.requireNonNull(search, "search");
    this.storage = Objects.requireNonNull(storage, "storage");
    if (search.hasTopKFloor() && search.topKFloor() >= config.threshold()) {
      throw new IllegalArgumentException(
          "the top-k floor ("
              + search.topKFloor()
              + ") must be below the threshold ("
              + config.threshold()
              + ")");
    }
    if (search.hasContainment() && config.verify() != VerifyMode.EXACT) {
      throw new IllegalArgumentException(
          "containment search needs shingle sets: not in estimate mode");
    }
    this.sketcher = DocumentSketcher.create(config.sketch());
    this.banding = new Banding(config.lshParams());
    this.verifier = config.verifier();
    this.sketches = storage.sketches();
    this.buckets = storage.buckets(BucketSpace.THRESHOLD);
    int n = config.minHash().numPermutations();
    TopKPlan plan = search.topKPlan(n, config.targetRecall()).orElse(null);
    this.containmentPlan =
        search.containmentPlan(config.threshold(), config.targetRecall()).orElse(null);
    List<KeptSpace> kept = new ArrayList<>(3);
    kept.add(KeptSpace.banded(BucketSpace.THRESHOLD, banding, buckets));
    KeptSpace floor = null;
    if (plan != null) {
      floor =
          KeptSpace.banded(
              BucketSpace.TOP_K, new Banding(plan.banding()), storage.buckets(BucketSpace.TOP_K));
      kept.add(floor);
    }
    KeptSpace contained = null;
    if (containmentPlan != null) {
      contained =
          KeptSpace.sampled(
              BucketSpace.CONTAINMENT,
              containmentPlan.sample(),
              storage.buckets(BucketSpace.CONTAINMENT));
      kept.add(contained);
    }
    this.spaces = List.copyOf(kept);
    this.threshold = new ThresholdSearch<>(sketches, buckets, verifier);
    this.pipeline =
        new WritePipeline<>(storage, spaces, verifier.needsSets(), threshold, lock.writeLock());
    this.topK = new TopKSearch(sketches, buckets, floor, plan, config.threshold(), config.verify());
    this.containment =
        contained == null ? null : new ContainmentSearch(sketches, contained.store());
  }

  /** An empty in-memory index with the default settings (threshold 0.8, as {@code pairs}). */
  public static <K> NearDupIndex<K> inMemory() {
    return inMemory(PipelineConfig.builder().build());
  }

  /** An empty in-memory index with {@code config}'s threshold, sketching and banding. */
  public static <K> NearDupIndex<K> inMemory(PipelineConfig config) {
    return inMemory(config, SearchSettings.NONE);
  }

  /**
   * An empty in-memory index with {@code config}'s threshold, sketching and banding, built for the
   * queries {@code search} allows beyond the threshold.
   *
   * @throws IllegalArgumentException for a top-k floor not below the threshold, or containment in
   *     estimate mode
   */
  public static <K> NearDupIndex<K> inMemory(PipelineConfig config, SearchSettings search) {
    return new NearDupIndex<>(
        config, search, new InMemoryStorage<>(1024, config.lshParams().bands()));
  }

  /**
   * An index over {@code storage}, which must have been made for the same settings (a persistent
   * storage checks the settings it was created with when it is opened).
   */
  @Faces
  public static <K> NearDupIndex<K> over(PipelineConfig config, IndexStorage<K> storage) {
    return over(config, SearchSettings.NONE, storage);
  }

  /**
   * An index over {@code storage} built for the queries {@code search} allows beyond the threshold.
   */
  @Faces
  public static <K> NearDupIndex<K> over(
      PipelineConfig config, SearchSettings search, IndexStorage<K> storage) {
    return new NearDupIndex<>(config, search, storage);
  }

  public PipelineConfig config() {
    return config;
  }

  /** The banding in effect. */
  public LshParams banding() {
    return banding.params();
  }

  /** The queries beyond the threshold this index was built for. */
  public SearchSettings searchSettings() {
    return search;
  }

  /** The lowest similarity {@link #top} returns: the top-k floor, or the threshold without one. */
  public double topKFloor() {
    return topK.floor();
  }

  /**
   * Makes now, rather than on the first {@link #top} query, what top-k search holds in memory
   * ({@link SketchStore#prepareLowBytes}): a service calls it at start, where loading the floor of
   * a large index takes seconds. Waits for writes in progress and holds them off while it runs, as
   * that first query would. Without a top-k floor it does nothing.
   */
  public void prepareTopK() {
    if (!topK.hasFloor()) {
      return;
    }
    lock.readLock().lock();
    try {
      sketches.prepareLowBytes();
    } finally {
      lock.readLock().unlock();
    }
  }

  /** The sketcher this index uses: sketch texts with it to call the {@link Sketch} overloads. */
  public DocumentSketcher sketcher() {
    return sketcher;
  }

  /**
   * Adds a document.
   *
   * @throws IllegalArgumentException if {@code key} is already held, or the text is empty after
   *     normalization
   */
  public void add(K key, String text) {
    single(IndexWrite.add(key, sketcher.sketch(text), text, false));
  }

  /** Adds a document already sketched with {@link #sketcher()}. */
  public void add(K key, Sketch sketch) {
    single(IndexWrite.add(key, sketch, null, false));
  }

  /** Adds a document, or replaces the one held under {@code key}. */
  public void upsert(K key, String text) {
    single(IndexWrite.upsert(key, sketcher.sketch(text), text, false));
  }

  /**
   * The near-duplicates of a new document among those held (verified, best first), then adds it:
   * atomically, so concurrent adds of two near-duplicates find each other once.
   *
   * @throws IllegalArgumentException if {@code key} is already held, or the text is empty after
   *     normalization
   */
  public List<Match<K>> addAndQuery(K key, String text) {
    return single(IndexWrite.add(key, sketcher.sketch(text), text, true));
  }

  /**
   * {@link #addAndQuery(Object, String)} for a document already sketched with {@link #sketcher()}.
   */
  public List<Match<K>> addAndQuery(K key, Sketch sketch) {
    return single(IndexWrite.add(key, sketch, null, true));
  }

  /**
   * As {@link #addAndQuery(Object, String)}, but replaces a document held under {@code key} instead
   * of failing; the replaced document is not among the matches.
   */
  public List<Match<K>> upsertAndQuery(K key, String text) {
    return single(IndexWrite.upsert(key, sketcher.sketch(text), text, true));
  }

  /**
   * {@link #upsertAndQuery(Object, String)} for a document already sketched with {@link
   * #sketcher()}.
   */
  public List<Match<K>> upsertAndQuery(K key, Sketch sketch) {
    return single(IndexWrite.upsert(key, sketch, null, true));
  }

  /**
   * Adds a document only when no document held is its near-duplicate (similarity at least the
   * threshold, verified as {@link #query} verifies); otherwise stores nothing and answers the held
   * document it duplicates: its best match, the highest similarity, ties in storage order (the
   * order of adding, as long as nothing was removed). The check and the insert are one write: a
   * concurrent add of a near-duplicate either sees this document or is seen by it.
   *
   * <pre>{@code
   * index.addIfUnique("ad-1", "Sunny two-room flat near Termini station, 800 euro a month, furnished");
   * // Optional.empty(): stored
   * index.addIfUnique("ad-2", "Sunny two-room flat near Termini station - 800 euro a month, furnished!");
   * // Optional[Match[key=ad-1, similarity=0.8333333333333334]]: nothing stored
   * }</pre>
   *
   * @return empty when the document was stored; else the held document it duplicates
   * @throws IllegalArgumentException if {@code key} is already held, or the text is empty after
   *     normalization
   */
  public Optional<Match<K>> addIfUnique(K key, String text) {
    return checked(IndexWrite.addIfUnique(key, sketcher.sketch(text), text)).duplicateOf();
  }

  /**
   * {@link #addIfUnique(Object, String)} for a document already sketched with {@link #sketcher()}.
   */
  public Optional<Match<K>> addIfUnique(K key, Sketch sketch) {
    return checked(IndexWrite.addIfUnique(key, sketch, null)).duplicateOf();
  }

  /** Removes a document by key. Returns false when the key was not held. */
  public boolean remove(K key) {
    return writeAll(List.of(IndexWrite.remove(key))).get(0).status() == WriteResult.Status.REMOVED;
  }

  private List<Match<K>> single(IndexWrite<K> write) {
    return checked(write).matches();
  }

  /** The result of one write; an error for a held key or an empty text. */
  private WriteResult<K> checked(IndexWrite<K> write) {
    WriteResult<K> result = writeAll(List.of(write)).get(0);
    return switch (result.status()) {
      case ALREADY_PRESENT ->
          throw new IllegalArgumentException("key already in the index: " + write.key());
      case EMPTY_DOCUMENT ->
          throw new IllegalArgumentException(
              "empty document: nothing is left after normalization to compare");
      default -> result;
    };
  }

  /**
   * Applies a batch of writes in order, atomically with respect to other writes and queries, and
   * commits them to the storage once: a durable storage makes the whole batch durable with one sync
   * (how the service shares syncs between concurrent clients). A write that is refused (an add of a
   * held key, a removal of an absent one, an empty text, a {@linkplain IndexWrite#unique() unique}
   * write with a near-duplicate held) is reported and the others go on. Each write sees the ones
   * before it: two near-duplicates added in one batch find each other once, and a unique write is
   * decided against the documents held and the batch's earlier writes.
   *
   * @return one result per write, in order
   * @throws RuntimeException when the storage fails to read or to commit; then none of the batch
   *     was applied ({@link IndexStorage#rollback}): nothing of it is readable, nor written by a
   *     later batch
   */
  public List<WriteResult<K>> writeAll(List<IndexWrite<K>> writes) {
    return writePrepared(List.of(prepare(writes)));
  }

  /**
   * Prepares {@code writes} for {@link #writePrepared}: sorts their shingle sets and hashes their
   * bucket keys, on the calling thread and without the lock. Thread-safe.
   */
  @Faces
  public PreparedWrites<K> prepare(List<IndexWrite<K>> writes) {
    List<PreparedWrite<K>> prepared = new ArrayList<>(writes.size());
    for (IndexWrite<K> write : writes) {
      prepared.add(pipeline.prepare(write));
    }
    return new PreparedWrites<>(this, prepared);
  }

  /**
   * {@link #writeAll} of writes already {@linkplain #prepare prepared}, one part after the other,
   * as one batch: one commit to the storage for all of them. The storage is first told the keys and
   * bucket keys the batch reads ({@link IndexStorage#begin}), so that it can read them in bulk.
   *
   * @return one result per write, in order
   * @throws IllegalArgumentException for writes prepared by another index
   * @throws RuntimeException when the storage fails to read or to commit; then none of the batch
   *     was applied ({@link IndexStorage#rollback})
   * @throws IllegalStateException when an earlier batch failed midway in a storage that cannot undo
   *     writes (the in-memory one, after an {@link Error})
   * @throws java.util.concurrent.CancellationException when the calling thread is interrupted
   *     during the batch: it stops between two writes, and none of it is applied
   */
  @Faces
  public List<WriteResult<K>> writePrepared(List<PreparedWrites<K>> parts) {
    List<PreparedWrite<K>> prepared = new ArrayList<>();
    for (PreparedWrites<K> part : parts) {
      if (part.index() != this) {
        throw new IllegalArgumentException("writes prepared by another index");
      }
      prepared.addAll(part.writes());
    }
    return pipeline.write(prepared);
  }

  /** The bucket spaces kept, the threshold's first. */
  List<KeptSpace> spaces() {
    return spaces;
  }

  /** The raw text held under {@code key}, if the document is held and the storage keeps texts. */
  public Optional<String> text(K key) {
    lock.readLock().lock();
    try {
      long handle = sketches.handleOf(key);
      return handle < 0 ? Optional.empty() : Optional.ofNullable(sketches.text(handle));
    } finally {
      lock.readLock().unlock();
    }
  }

  public boolean contains(K key) {
    lock.readLock().lock();
    try {
      return sketches.handleOf(key) >= 0;
    } finally {
      lock.readLock().unlock();
    }
  }

  /** Number of documents held. */
  public long size() {
    lock.readLock().lock();
    try {
      return sketches.size();
    } finally {
      lock.readLock().unlock();
    }
  }

  /** The near-duplicates of {@code text} among the documents held: verified, best first. */
  public List<Match<K>> query(String text) {
    return query(sketcher.sketch(text), Integer.MAX_VALUE);
  }

  /** The {@code limit} best near-duplicates of {@code text} among the documents held. */
  public List<Match<K>> query(String text, int limit) {
    return query(sketcher.sketch(text), limit);
  }

  /** {@link #query(String)} for a text already sketched with {@link #sketcher()}. */
  public List<Match<K>> query(Sketch sketch) {
    return query(sketch, Integer.MAX_VALUE);
  }

  /** {@link #query(String, int)} for a text already sketched with {@link #sketcher()}. */
  public List<Match<K>> query(Sketch sketch, int limit) {
    if (limit < 1) {
      throw new IllegalArgumentException("limit must be at least 1, got " + limit);
    }
    return query(sketch, MatchLimits.listing(limit)).matches();
  }

  /**
   * The near-duplicates of a text among the documents held, within {@code limits}: at most {@code
   * limits.listed()} of them, best first, among at most {@code limits.compared()} candidates (the
   * earliest added), with the number of matches not listed and of candidates not compared. The work
   * is bounded by the limits however many copies of the text the index holds.
   */
  public FoundMatches<K> query(Sketch sketch, MatchLimits limits) {
    if (sketch.isEmpty()) {
      return FoundMatches.none();
    }
    long[] set = verifier.needsSets() ? sketch.shingleSet() : null;
    long[] bucketKeys = banding.bucketKeys(sketch.signature());
    lock.readLock().lock();
    try {
      return threshold.matches(sketch.signature(), set, bucketKeys, limits);
    } finally {
      lock.readLock().unlock();
    }
  }

  /**
   * The {@code k} held documents most similar to {@code text}: exact Jaccard, best first (ties in
   * storage order), each at least {@link #topKFloor()} — below the threshold, down to the top-k
   * floor of the index's {@link SearchSettings} (every document at or above the floor is found with
   * probability at least the target recall; see {@link TopKPlan}). Fewer than k when fewer reach
   * the floor. Without a floor this is {@link #query(String, int)}.
   *
   * @throws IllegalArgumentException if k &lt; 1
   */
  public List<Match<K>> top(String text, int k) {
    return top(sketcher.sketch(text), k);
  }

  /** {@link #top(String, int)} for a text already sketched with {@link #sketcher()}. */
  public List<Match<K>> top(Sketch sketch, int k) {
    return top(sketch, k, topKFloor());
  }

  /**
   * {@link #top(String, int)} down to {@code floor} instead of the index's {@link #topKFloor()}:
   * the k most similar documents at or above it. A floor above the index's costs less where many
   * documents share a floor band with the query without being similar to it: fewer of them can
   * plausibly reach it ({@link TopKPlan#upperBound}), so fewer are compared.
   *
   * @throws IllegalArgumentException if k &lt; 1, or {@code floor} is not in [{@link #topKFloor()},
   *     1]
   */
  public List<Match<K>> top(String text, int k, double floor) {
    return top(sketcher.sketch(text), k, floor);
  }

  /** {@link #top(String, int, double)} for a text already sketched with {@link #sketcher()}. */
  public List<Match<K>> top(Sketch sketch, int k, double floor) {
    if (k < 1) {
      throw new IllegalArgumentException("k must be at least 1, got " + k);
    }
    return top(sketch, floor, MatchLimits.listing(k)).matches();
  }

  /**
   * {@link #top(Sketch, int, double)} within {@code limits}: the {@code limits.listed()} most
   * similar documents at or above {@code floor} among at most {@code limits.compared()} of the
   * documents sharing a threshold band with the text (the earliest added) and those of the floor
   * bands; {@link FoundMatches#notCompared()} counts at least the threshold candidates left, so
   * that a text held in many copies costs a bounded amount. {@link FoundMatches#moreMatches()} is
   * 0: top-k does not count beyond k.
   *
   * @throws IllegalArgumentException if {@code floor} is not in [{@link #topKFloor()}, 1]
   */
  public FoundMatches<K> top(Sketch sketch, double floor, MatchLimits limits) {
    int k = limits.listed();
    if (!(floor >= topKFloor() && floor <= 1)) {
      throw new IllegalArgumentException(
          "the floor must be in ["
              + topKFloor()
              + ", 1] (the index's top-k floor"
              + " is its lowest), got "
              + floor);
    }
    if (sketch.isEmpty()) {
      return FoundMatches.none();
    }
    int[] signature = sketch.signature();
    long[] set = verifier.needsSets() ? sketch.shingleSet() : null;
    long[] bucketKeys = banding.bucketKeys(signature);
    long[] floorKeys = topK.floorKeys(signature);
    lock.readLock().lock();
    try {
      TopKSearch.Result result =
          topK.search(signature, set, bucketKeys, floorKeys, k, floor, limits.compared());
      return new FoundMatches<>(withKeys(result.found()), 0, result.notCompared());
    } finally {
      lock.readLock().unlock();
    }
  }

  /**
   * The held documents that contain at least the threshold of {@code text}: C(text, X) = |T ∩ X| /
   * |T| &gt;= threshold, the containment of the text in the document, exact; most contained first,
   * at most {@code limit}. A passage quoted from a longer document is found whatever that
   * document's length; a text shorter than {@link ContainmentPlan#minimumQuerySize()} shingles is
   * found with lower probability than the target recall.
   *
   * @throws IllegalStateException if the index was built without containment ({@link
   *     SearchSettings})
   * @throws IllegalArgumentException if limit &lt; 1
   */
  public List<Match<K>> containing(String text, int limit) {
    requireContainment(limit);
    return containingSet(
        sketcher.shingleSet(text), config.threshold(), limit); // no signature needed
  }

  /**
   * {@link #containing(String, int)} for a text already sketched with {@link #sketcher()}, at
   * containment threshold {@code threshold} (the sample does not depend on it).
   */
  public List<Match<K>> containing(Sketch sketch, double threshold, int limit) {
    requireContainment(limit);
    return containingSet(sketch.shingleSet(), threshold, limit);
  }

  private void requireContainment(int limit) {
    if (containment == null) {
      throw new IllegalStateException(
          "this index keeps no containment sample (build it with containment sampling)");
    }
    if (limit < 1) {
      throw new IllegalArgumentException("limit must be at least 1, got " + limit);
    }
  }

  private List<Match<K>> containingSet(long[] shingleSet, double threshold, int limit) {
    if (shingleSet.length == 0) {
      return List.of();
    }
    ContainmentPlan plan =
        threshold == containmentPlan.threshold()
            ? containmentPlan
            : new ContainmentPlan(threshold, config.targetRecall(), containmentPlan.sample());
    ContainmentQuery query = new ContainmentQuery(plan, shingleSet);
    lock.readLock().lock();
    try {
      return withKeys(containment.search(query, limit));
    } finally {
      lock.readLock().unlock();
    }
  }

  /** The containment plan in effect; empty without containment. */
  public Optional<ContainmentPlan> containmentPlan() {
    return Optional.ofNullable(containmentPlan);
  }

  private List<Match<K>> withKeys(List<TopKCollector.Found> found) {
    List<Match<K>> matches = new ArrayList<>(found.size());
    for (TopKCollector.Found f : found) {
      matches.add(new Match<>(sketches.key(f.handle()), f.similarity()));
    }
    return matches;
  }

  /** Closes the storage. */
  @Override
  public void close() {
    lock.writeLock().lock();
    try {
      storage.close();
    } finally {
      lock.writeLock().unlock();
    }
  }
}
