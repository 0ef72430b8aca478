package org.neardup;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.ToDoubleFunction;
import org.neardup.batch.BatchInput;
import org.neardup.batch.BatchRun;
import org.neardup.batch.corpus.Corpus;
import org.neardup.batch.corpus.Progress;
import org.neardup.batch.reference.Reference;
import org.neardup.batch.reference.ReferencePairs;
import org.neardup.cluster.Cluster;
import org.neardup.cluster.Clusterer;
import org.neardup.cluster.KeepOrder;
import org.neardup.cluster.KeepPolicy;
import org.neardup.cluster.KeptSet;
import org.neardup.config.MemoryBudget;
import org.neardup.config.PipelineConfig;
import org.neardup.index.NearDupIndex;
import org.neardup.input.InputProblems;
import org.neardup.input.OnError;
import org.neardup.verify.SimilarPair;

/**
 * The library in one call: near-duplicate pairs, duplicate groups and removals of documents held in
 * memory, by their own keys, and the online index. Runs the same code as {@code ./neardup pairs}
 * ({@link BatchRun}: the memory budget, LSH banding then exact verification, or the exact join
 * where the planner finds it cheaper, as at low thresholds), with the same defaults, so both give
 * the same pairs.
 *
 * <pre>{@code
 * Map<String, String> listings = Map.of("a", "...", "b", "...", "c", "...");
 * for (DuplicatePair<String> pair : NearDup.withDefaults().pairs(listings)) {
 *   System.out.println(pair.first() + " ~ " + pair.second() + " J = " + pair.similarity());
 * }
 * }</pre>
 *
 * <p>Documents whose text is empty after normalization have nothing to compare and are in no pair.
 * For corpora that do not fit in memory, run {@link BatchRun} over the files of {@code neardup-io}
 * ({@code org.neardup.io.FileInputs}), or use the CLI. Immutable and thread-safe.
 */
public final class NearDup {
  private final PipelineConfig config;

  private NearDup(PipelineConfig config) {
    this.config = Objects.requireNonNull(config, "config");
  }

  /** The defaults of {@code ./neardup pairs}: threshold 0.8, char:5 shingles, 128 values. */
  public static NearDup withDefaults() {
    return new NearDup(PipelineConfig.builder().build());
  }

  /** These settings. */
  public static NearDup with(PipelineConfig config) {
    return new NearDup(config);
  }

  public PipelineConfig config() {
    return config;
  }

  /** The pairs among {@code texts}, keyed by their positions in the list. */
  public List<DuplicatePair<Integer>> pairs(List<String> texts) {
    return pairs(positions(texts));
  }

  /** The pairs among {@code documents} (key to text), in the map's iteration order. */
  public <K> List<DuplicatePair<K>> pairs(Map<K, String> documents) {
    try (Run<K> run = new Run<>(config, documents)) {
      List<DuplicatePair<K>> pairs = new ArrayList<>(run.pairs.size());
      for (SimilarPair pair : run.pairs) {
        pairs.add(
            new DuplicatePair<>(run.key(pair.first()), run.key(pair.second()), pair.similarity()));
      }
      return pairs;
    }
  }

  /**
   * The duplicate groups among {@code texts}, keyed by position, the first-read document kept: see
   * {@link #clusters(Map, KeepPolicy)}.
   */
  public List<DuplicateCluster<Integer>> clusters(List<String> texts) {
    return clusters(positions(texts), KeepPolicy.FIRST);
  }

  /**
   * The duplicate groups among {@code documents}, as a deduplication keeps and removes them: the
   * kept set ({@link KeptSet}) walks the documents in {@code keep} order and keeps each one that is
   * not a pair of one already kept. Each group is a kept document (the representative) and the
   * removed documents whose best kept match it is, members in input order, groups in input order of
   * their representative. So every removed document is a pair of its representative (similarity at
   * least the threshold), and no two representatives are a pair. Documents in no pair are in no
   * group.
   */
  public <K> List<DuplicateCluster<K>> clusters(Map<K, String> documents, KeepPolicy keep) {
    try (Run<K> run = new Run<>(config, documents)) {
      List<DuplicateCluster<K>> clusters = new ArrayList<>();
      for (KeptSet.Group group : run.keptSet(keep).groups()) {
        clusters.add(run.cluster(group.toCluster()));
      }
      return clusters;
    }
  }

  /**
   * What a deduplication of {@code documents} removes, in input order: each removed document with
   * the kept document it duplicates and their similarity (the same kept set as {@link
   * #clusters(Map, KeepPolicy)}).
   */
  public <K> List<DuplicateRemoval<K>> removals(Map<K, String> documents, KeepPolicy keep) {
    try (Run<K> run = new Run<>(config, documents)) {
      KeptSet kept = run.keptSet(keep);
      List<DuplicateRemoval<K>> removals = new ArrayList<>(kept.removedCount());
      for (int i = 0; i < kept.documentCount(); i++) {
        if (!kept.isKept(i)) {
          removals.add(
              new DuplicateRemoval<>(run.key(i), run.key(kept.matchOf(i)), kept.similarityOf(i)));
        }
      }
      return removals;
    }
  }

  /**
   * The connected components of the pairs among {@code texts}, keyed by position, the first member
   * of each kept: see {@link #components(Map, KeepPolicy)}.
   */
  public List<DuplicateCluster<Integer>> components(List<String> texts) {
    return components(positions(texts), KeepPolicy.FIRST);
  }

  /**
   * The connected components of the pairs among {@code documents}, each with the representative
   * {@code keep} chooses, in order of their first member. Components chain: A~B and B~C put A and C
   * together even when they are not a pair, so a member may be far less similar to the
   * representative than the threshold; {@link #clusters(Map, KeepPolicy)} never does that.
   */
  public <K> List<DuplicateCluster<K>> components(Map<K, String> documents, KeepPolicy keep) {
    try (Run<K> run = new Run<>(config, documents)) {
      List<DuplicateCluster<K>> clusters = new ArrayList<>();
      for (Cluster cluster :
          Clusterer.cluster(run.corpus.size(), run.pairs, keep, run.corpus::textLength)) {
        clusters.add(run.cluster(cluster));
      }
      return clusters;
    }
  }

  /**
   * Deduplicates {@code documents} against {@code references} ({@code --against}): documents
   * already kept, by definition, never compared with each other (texts in memory, {@link
   * Reference#ofTexts}; an index, {@link Reference#of(NearDupIndex, String)}; files, from {@code
   * neardup-io}'s {@code ReferenceFiles}). The documents are walked in {@code keep} order; one is
   * removed when it has a near-duplicate among the references or among the documents kept before
   * it, and named with the most similar of those (ties to a reference, then to the smallest
   * reference id or the earliest kept document). So no kept document is a pair of a reference or of
   * another kept document. Add the kept ones to the reference (an index) for the next run.
   *
   * @param fieldValue each document's number for a keep order {@linkplain KeepOrder#byField() by a
   *     field} (highest first unless ascending); may be null for other orders
   * @throws IllegalArgumentException when a reference was made with other settings than these
   */
  public <K> AgainstResult<K> against(
      Map<K, String> documents,
      KeepOrder keep,
      ToDoubleFunction<? super K> fieldValue,
      List<? extends Reference> references) {
    Objects.requireNonNull(keep, "keep");
    if (keep.byField()) {
      Objects.requireNonNull(fieldValue, "fieldValue, for a keep order by a field");
    }
    try (Run<K> run = new Run<>(config, documents, true)) {
      ReferencePairs referencePairs = BatchRun.against(run.corpus, references, Progress.NONE);
      int[] order = keep.order(run.corpus.size(), run.keys(fieldValue));
      KeptSet kept = KeptSet.choose(run.corpus.size(), run.pairs, order, referencePairs);
      List<K> keptKeys = new ArrayList<>();
      List<DuplicateRemoval<K>> forDocuments = new ArrayList<>();
      List<ReferenceRemoval<K>> forReferences = new ArrayList<>();
      for (int i = 0; i < kept.documentCount(); i++) {
        int match = kept.matchOf(i);
        if (kept.isKept(i)) {
          keptKeys.add(run.key(i));
        } else if (KeptSet.isReference(match)) {
          forReferences.add(
              new ReferenceRemoval<>(
                  run.key(i),
                  referencePairs.referenceId(KeptSet.referenceIndex(match)),
                  kept.similarityOf(i)));
        } else {
          forDocuments.add(
              new DuplicateRemoval<>(run.key(i), run.key(match), kept.similarityOf(i)));
        }
      }
      return new AgainstResult<>(keptKeys, forDocuments, forReferences);
    }
  }

  /** An empty online index with these settings, in memory. */
  public <K> NearDupIndex<K> newIndex() {
    return NearDupIndex.inMemory(config);
  }

  private static Map<Integer, String> positions(List<String> texts) {
    Map<Integer, String> byPosition = new LinkedHashMap<>();
    for (int i = 0; i < texts.size(); i++) {
      byPosition.put(i, texts.get(i));
    }
    return byPosition;
  }

  /** The pipeline over documents in memory: their corpus and pairs, by ordinal. */
  private static final class Run<K> implements AutoCloseable {
    final List<K> keys = new ArrayList<>();
    final Corpus corpus;
    final List<SimilarPair> pairs;

    Run(PipelineConfig config, Map<K, String> documents) {
      this(config, documents, false);
    }

    /** {@code keepSets}: every shingle set kept (in memory or spilled), for references. */
    Run(PipelineConfig config, Map<K, String> documents, boolean keepSets) {
      List<String> texts = new ArrayList<>(documents.size());
      for (Map.Entry<K, String> document : documents.entrySet()) {
        keys.add(Objects.requireNonNull(document.getKey(), "key"));
        texts.add(
            Objects.requireNonNull(document.getValue(), () -> "text of " + document.getKey()));
      }
      InputProblems problems = new InputProblems(OnError.FAIL);
      corpus =
          keepSets
              ? BatchRun.readKeepingSets(
                  config,
                  BatchInput.ofTexts(texts),
                  problems,
                  Progress.NONE,
                  MemoryBudget.defaults())
              : BatchRun.read(config, BatchInput.ofTexts(texts), problems, Progress.NONE);
      try {
        pairs = BatchRun.pairs(corpus, Progress.NONE).pairs();
      } catch (RuntimeException | Error e) {
        corpus.close();
        throw e;
      }
    }

    KeptSet keptSet(KeepPolicy keep) {
      return KeptSet.choose(corpus.size(), pairs, keep, corpus::textLength);
    }

    /** What a keep order orders the documents by: one input, text length, the field's values. */
    KeepOrder.Keys keys(ToDoubleFunction<? super K> fieldValue) {
      return new KeepOrder.Keys() {
        @Override
        public int input(int ordinal) {
          return 0;
        }

        @Override
        public int textLength(int ordinal) {
          return corpus.textLength(ordinal);
        }

        @Override
        public double fieldValue(int ordinal) {
          return fieldValue.applyAsDouble(key(ordinal));
        }
      };
    }

    DuplicateCluster<K> cluster(Cluster cluster) {
      List<K> members = new ArrayList<>(cluster.size());
      for (int member : cluster.members()) {
        members.add(key(member));
      }
      return new DuplicateCluster<>(key(cluster.representative()), members);
    }

    /** The key of a corpus ordinal (ordinals skip empty documents; corpus ids are positions). */
    K key(int ordinal) {
      return keys.get(Integer.parseInt(corpus.id(ordinal)));
    }

    @Override
    public void close() {
      corpus.close();
    }
  }
}
