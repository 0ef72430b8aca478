package org.neardup;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.neardup.cluster.Cluster;
import org.neardup.cluster.Clusterer;
import org.neardup.cluster.KeepPolicy;
import org.neardup.index.NearDupIndex;
import org.neardup.input.Document;
import org.neardup.input.InputProblems;
import org.neardup.input.OnError;
import org.neardup.pipeline.Corpus;
import org.neardup.pipeline.CorpusBuilder;
import org.neardup.pipeline.PairFinder;
import org.neardup.pipeline.PipelineConfig;
import org.neardup.pipeline.Progress;
import org.neardup.verify.SimilarPair;

/**
 * The library in one call: near-duplicate pairs and clusters of documents held in memory, by
 * their own keys, and the online index. Runs the same pipeline as {@code ./neardup pairs} (LSH
 * banding, then exact verification), with the same defaults.
 *
 * <pre>{@code
 * Map<String, String> listings = Map.of("a", "...", "b", "...", "c", "...");
 * for (DuplicatePair<String> pair : NearDup.withDefaults().pairs(listings)) {
 *   System.out.println(pair.first() + " ~ " + pair.second() + " J = " + pair.similarity());
 * }
 * }</pre>
 *
 * <p>Documents whose text is empty after normalization have nothing to compare and are in no
 * pair. For corpora that do not fit in memory, read them with the readers of {@code neardup-io}
 * into a {@link CorpusBuilder}, or use the CLI. Immutable and thread-safe.
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
        pairs.add(new DuplicatePair<>(run.key(pair.first()), run.key(pair.second()), pair.similarity()));
      }
      return pairs;
    }
  }

  /** The clusters among {@code texts}, keyed by position, the first member of each kept. */
  public List<DuplicateCluster<Integer>> clusters(List<String> texts) {
    return clusters(positions(texts), KeepPolicy.FIRST);
  }

  /**
   * The clusters (connected components of the pairs) among {@code documents}, each with the
   * representative {@code keep} chooses, in order of their first member.
   */
  public <K> List<DuplicateCluster<K>> clusters(Map<K, String> documents, KeepPolicy keep) {
    try (Run<K> run = new Run<>(config, documents)) {
      List<DuplicateCluster<K>> clusters = new ArrayList<>();
      for (Cluster cluster : Clusterer.cluster(run.corpus.size(), run.pairs, keep, run.corpus::textLength)) {
        List<K> members = new ArrayList<>(cluster.size());
        for (int member : cluster.members()) {
          members.add(run.key(member));
        }
        clusters.add(new DuplicateCluster<>(run.key(cluster.representative()), members));
      }
      return clusters;
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
      try (CorpusBuilder builder = new CorpusBuilder(config, new InputProblems(OnError.FAIL), Progress.NONE)) {
        for (Map.Entry<K, String> document : documents.entrySet()) {
          int position = keys.size();
          keys.add(Objects.requireNonNull(document.getKey(), "key"));
          String text = Objects.requireNonNull(document.getValue(), () -> "text of " + document.getKey());
          builder.add(new Document(Integer.toString(position), text, "<memory>", position + 1, position));
        }
        corpus = builder.build();
      }
      try {
        pairs = PairFinder.withLsh(corpus, Progress.NONE).pairs();
      } catch (RuntimeException | Error e) {
        corpus.close();
        throw e;
      }
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
