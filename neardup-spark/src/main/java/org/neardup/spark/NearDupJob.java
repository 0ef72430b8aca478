package org.neardup.spark;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.StorageLevel;
import org.neardup.config.PipelineConfig;
import org.neardup.input.InputProblem;
import org.neardup.lsh.LshParams;
import org.neardup.options.Formats;
import org.neardup.sketch.DocumentSketcher;
import org.neardup.spark.cluster.ClusterAssembly;
import org.neardup.spark.cluster.ClusterMember;
import org.neardup.spark.cluster.ConnectedComponents;
import org.neardup.spark.corpus.CorpusSource;
import org.neardup.spark.corpus.DocumentInfo;
import org.neardup.spark.corpus.SignedSplit;
import org.neardup.spark.corpus.SparkCorpus;
import org.neardup.spark.input.HadoopConf;
import org.neardup.spark.kept.KeptMember;
import org.neardup.spark.kept.KeptSetAssembly;
import org.neardup.spark.lsh.SparkBanding;
import org.neardup.spark.output.PairAssembly;
import org.neardup.spark.output.PairLine;
import org.neardup.spark.output.Removal;
import org.neardup.spark.output.ResultFrames;
import org.neardup.spark.reference.ReferenceMatch;
import org.neardup.spark.reference.References;
import org.neardup.spark.shuffle.DirectPartitioner;
import org.neardup.spark.shuffle.Homes;
import org.neardup.spark.verify.CopyGroup;
import org.neardup.spark.verify.DistributedVerification;
import org.neardup.spark.verify.HomePairs;
import org.neardup.spark.verify.PairCounts;
import org.neardup.spark.verify.VerifiedPair;
import org.neardup.verify.VerifyMode;
import scala.Tuple2;

/**
 * One run of the neardup pipeline on Spark, the engine under {@link NearDupSpark} and {@code
 * ./neardup spark}: its documents read, signed and cached when it starts ({@link SparkCorpus}), and
 * each later step computed when first asked for: band ({@link SparkBanding}) and verify ({@link
 * DistributedVerification}), and then the pairs ({@link PairAssembly}), the kept set ({@link
 * KeptSetAssembly}) or the connected components ({@link ConnectedComponents}, {@link
 * ClusterAssembly}), as DataFrames ({@link ResultFrames}). The same pairs as {@code ./neardup
 * pairs} with the same settings, except in giant buckets (more distinct texts than {@link
 * JobSettings#bucketCap()}), where only a star and a chain of candidates are examined and the rest
 * is counted. Against references ({@code --against}), their pairs with the documents are found when
 * first asked for ({@link #referencePairs()}), and the pairs and the kept set take them in as the
 * CLI does; connected components do not go with references. Not thread-safe: drive it from one
 * thread.
 */
public final class NearDupJob {
  private final SparkSession spark;
  private final JavaSparkContext context;
  private final JobSettings settings;
  private final SparkCorpus corpus;
  private final int partitions;
  private final References references;
  private JavaRDD<HomePairs> homes;
  private JavaRDD<ReferenceMatch> referencePairs;
  private PairCounts counts;
  private KeptSetAssembly.Result keptSet;
  private JavaRDD<ClusterMember> components;
  private int componentRounds;

  private NearDupJob(
      SparkSession spark,
      JobSettings settings,
      SparkCorpus corpus,
      int partitions,
      References references) {
    this.spark = spark;
    this.context = JavaSparkContext.fromSparkContext(spark.sparkContext());
    this.settings = settings;
    this.corpus = corpus;
    this.partitions = partitions;
    this.references = references;
  }

  /**
   * Reads and signs the documents of {@code source}, and checks their ids (two Spark jobs); the
   * signed documents stay cached for the later steps.
   *
   * @throws org.neardup.input.InputException for a bad record under {@code OnError.FAIL} (the first
   *     in input order), or an input that cannot be read
   */
  public static NearDupJob start(SparkSession spark, JobSettings settings, CorpusSource source)
      throws IOException {
    return start(spark, settings, source, new References(List.of()));
  }

  /**
   * {@link #start(SparkSession, JobSettings, CorpusSource)} against {@code references}: documents
   * kept by definition, never written, never compared with each other.
   */
  public static NearDupJob start(
      SparkSession spark, JobSettings settings, CorpusSource source, References references)
      throws IOException {
    JavaSparkContext context = JavaSparkContext.fromSparkContext(spark.sparkContext());
    PipelineConfig config = settings.config();
    int parallelism = context.defaultParallelism();
    SparkCorpus corpus =
        SparkCorpus.read(
            context,
            source,
            DocumentSketcher.create(config.sketch()),
            config.verify() == VerifyMode.EXACT,
            settings.keep(),
            settings.onError(),
            settings.partitions() > 0 ? settings.partitions() : 2 * parallelism,
            new HadoopConf(context.hadoopConfiguration()));
    int partitions =
        settings.partitions() > 0
            ? settings.partitions()
            : JobSettings.autoPartitions(corpus.tally().textChars, parallelism);
    return new NearDupJob(spark, settings, corpus, partitions, references);
  }

  public SparkSession spark() {
    return spark;
  }

  public JobSettings settings() {
    return settings;
  }

  public SparkCorpus corpus() {
    return corpus;
  }

  /** The partitions of the shuffles: the settings', or chosen from the documents' text size. */
  public int partitions() {
    return partitions;
  }

  /**
   * What verification leaves at each home: the verified pairs and the copy groups; persisted when
   * first computed, lazily: no Spark job runs until one asks for a result.
   */
  public JavaRDD<HomePairs> verification() {
    if (homes == null) {
      PipelineConfig config = settings.config();
      homes =
          DistributedVerification.verify(
              corpus.splits(),
              SparkBanding.scan(
                  corpus.splits(), config.lshParams(), settings.bucketCap(), partitions),
              DocumentSketcher.create(config.sketch()),
              config.verifier());
    }
    return homes;
  }

  /** Bands and verifies now (one Spark job), and counts what that did. */
  public PairCounts verify() {
    if (counts == null) {
      LshParams params = settings.config().lshParams();
      context.setJobDescription("band (" + params + ") and verify candidates");
      counts = verification().map(HomePairs::counts).reduce(PairCounts::plus);
    }
    return counts;
  }

  /** The verified pairs of distinct texts (lazy). */
  public JavaRDD<VerifiedPair> verifiedPairs() {
    return verification().flatMap(home -> home.pairs().iterator());
  }

  /** The texts with exact copies, each with its copies (lazy). */
  public JavaRDD<CopyGroup> copyGroups() {
    return verification().flatMap(home -> home.copyGroups().iterator());
  }

  /** The references the run is against; empty without. */
  public References references() {
    return references;
  }

  /**
   * The pairs of the documents with the references' documents (none without references), each found
   * by the run's banding and verification as {@code ./neardup --against} finds it: computed when
   * first asked for (one Spark job) and persisted.
   *
   * @throws org.neardup.error.NearDupException naming a reference that cannot be read, or its first
   *     bad record under {@code --on-error fail}
   */
  public JavaRDD<ReferenceMatch> referencePairs() {
    if (referencePairs == null) {
      referencePairs =
          references.isEmpty()
              ? context.emptyRDD()
              : references.persistedPairs(
                  corpus.splits(),
                  settings.config(),
                  settings.onError(),
                  context.defaultParallelism(),
                  new HadoopConf(context.hadoopConfiguration()));
    }
    return referencePairs;
  }

  /**
   * The pairs ({@link ResultFrames#pairs}): every pair the CLI reports (giant buckets aside),
   * unordered; against references, the documents' pairs with them too (never theirs among them).
   * Lazy: banding and verification run when an action on it runs, unless they ran.
   */
  public Dataset<Row> pairs() {
    return ResultFrames.pairs(spark, pairLines());
  }

  /** What {@link #pairs} holds, a line a pair, unordered. Lazy as {@link #pairs}. */
  public JavaRDD<PairLine> pairLines() {
    JavaRDD<PairLine> lines = PairAssembly.lines(verification());
    if (!references.isEmpty()) {
      lines =
          lines.union(
              referencePairs().map(m -> PairLine.of(m.id(), m.referenceId(), m.similarity())));
    }
    return lines;
  }

  /**
   * The kept set's groups ({@link ResultFrames#groups}): each kept document that is the match of a
   * removed one, and those removed documents. Runs banding, verification and the kept set's rounds
   * now (Spark jobs); the frame reads their persisted result.
   */
  public Dataset<Row> groups() {
    return ResultFrames.groups(spark, keptSet().members());
  }

  /**
   * The connected components ({@link ResultFrames#components}). Runs banding, verification and the
   * components' rounds now (Spark jobs); the frame reads their persisted result.
   */
  public Dataset<Row> components() {
    return ResultFrames.components(spark, componentMembers());
  }

  /**
   * What a deduplication removes ({@link ResultFrames#removals}): the kept set's removed documents
   * with their match, or with {@code components} every member of a component but its
   * representative. Eager as {@link #groups()} and {@link #components()}.
   */
  public Dataset<Row> removals(boolean components) {
    return ResultFrames.removals(spark, removed(components));
  }

  /**
   * The signed documents a deduplication keeps (the kept set: every document but the removed ones),
   * split by split, for the signature file of the kept documents ({@code dedup --signatures-out}).
   * Runs the kept set's rounds now if they did not run.
   */
  public JavaRDD<SignedSplit> keptDocuments() {
    JavaRDD<SignedSplit> splits = corpus.splits();
    JavaRDD<Long> dropped =
        removed(false)
            .mapToPair(r -> new Tuple2<>(Homes.of(r.ordinal()), r.ordinal()))
            .partitionBy(new DirectPartitioner(splits.getNumPartitions()))
            .values();
    return splits.zipPartitions(
        dropped,
        (held, ordinals) -> {
          List<Long> all = new ArrayList<>();
          ordinals.forEachRemaining(all::add);
          long[] drop = all.stream().mapToLong(Long::longValue).toArray();
          List<SignedSplit> kept = new ArrayList<>();
          held.forEachRemaining(split -> kept.add(split.without(drop)));
          return kept.iterator();
        });
  }

  /** What a deduplication removes, as {@link #removals}, for the command line's copy. */
  public JavaRDD<Removal> removed(boolean components) {
    return components
        ? componentMembers()
            .filter(m -> !m.keep())
            .map(m -> new Removal(m.memberOrdinal(), m.memberId(), -1, null, null))
        : keptSet()
            .members()
            .filter(m -> !m.keep())
            .map(
                m ->
                    new Removal(
                        m.memberOrdinal(),
                        m.memberId(),
                        m.keptOrdinal(),
                        m.keptId(),
                        m.similarity()));
  }

  /**
   * The groups a deduplication made: kept documents that are some removed document's match, or with
   * {@code components} the connected components. Eager as {@link #removals}.
   */
  public long groups(boolean components) {
    return components
        ? componentMembers().map(ClusterMember::clusterOrdinal).distinct().count()
        : keptSet().members().filter(KeptMember::keep).count();
  }

  private KeptSetAssembly.Result keptSet() {
    if (keptSet == null) {
      verify();
      context.setJobDescription("kept set");
      JavaPairRDD<Long, ReferenceMatch> best =
          references.isEmpty()
              ? null
              : referencePairs()
                  .mapToPair(m -> new Tuple2<>(m.ordinal(), m))
                  .reduceByKey((a, b) -> a.beats(b) ? a : b, partitions);
      keptSet = KeptSetAssembly.members(context, verifiedPairs(), copyGroups(), best, partitions);
    }
    return keptSet;
  }

  private JavaRDD<ClusterMember> componentMembers() {
    if (!references.isEmpty()) {
      throw new IllegalStateException(
          "connected components join whole components, references are kept whatever they join");
    }
    if (components == null) {
      verify();
      JavaPairRDD<Long, Long> edges =
          verifiedPairs()
              .mapToPair(p -> new Tuple2<>(p.second().ordinal(), p.first().ordinal()))
              .union(
                  copyGroups()
                      .flatMapToPair(
                          group ->
                              group.copies().stream()
                                  .map(
                                      copy ->
                                          new Tuple2<>(copy.ordinal(), group.original().ordinal()))
                                  .iterator()));
      context.setJobDescription("connected components");
      ConnectedComponents.Result result = ConnectedComponents.of(context, edges, partitions);
      componentRounds = result.rounds();
      context.setJobDescription("cluster members");
      components =
          ClusterAssembly.members(result.components(), documents(), partitions)
              .persist(StorageLevel.MEMORY_AND_DISK());
      components.count();
      result.components().unpersist(false);
    }
    return components;
  }

  /** The documents in a verified pair or a copy group, by ordinal. */
  private JavaPairRDD<Long, DocumentInfo> documents() {
    return verification()
        .flatMapToPair(
            home -> {
              List<Tuple2<Long, DocumentInfo>> documents = new ArrayList<>();
              for (VerifiedPair pair : home.pairs()) {
                documents.add(new Tuple2<>(pair.first().ordinal(), pair.first()));
                documents.add(new Tuple2<>(pair.second().ordinal(), pair.second()));
              }
              for (CopyGroup group : home.copyGroups()) {
                documents.add(new Tuple2<>(group.original().ordinal(), group.original()));
                group.copies().forEach(copy -> documents.add(new Tuple2<>(copy.ordinal(), copy)));
              }
              return documents.iterator();
            })
        .reduceByKey((a, b) -> a, partitions);
  }

  /** What the run did so far (a Spark job if banding and verification ran but were not counted). */
  public JobStats stats(long results, long shuffleBytes) {
    var tally = corpus.tally();
    Map<InputProblem, Long> skipped = new EnumMap<>(InputProblem.class);
    skipped.putAll(tally.issues);
    if (tally.emptyDocuments > 0) {
      skipped.put(InputProblem.EMPTY_DOCUMENT, tally.emptyDocuments);
    }
    PairCounts done = homes == null ? PairCounts.NONE : verify();
    return new JobStats(
        tally.documents - corpus.duplicateIds(),
        tally.shortDocuments,
        skipped,
        done.copies(),
        settings.config().lshParams(),
        done.candidates(),
        done.verified(),
        done.giantBuckets(),
        done.unexaminedPairs(),
        componentRounds,
        keptSet == null ? 0 : keptSet.rounds(),
        results,
        shuffleBytes);
  }

  /** The summary lines on stderr, as the CLI's. */
  public static void summarize(JobStats stats, JobSettings settings, String what, PrintWriter err) {
    var config = settings.config();
    err.printf(
        Locale.ROOT,
        "neardup: %,d documents signed (shingle %s, %d-value signatures); %,d exact copies of an"
            + " earlier text%n",
        stats.documents(),
        config.shingle(),
        config.minHash().numPermutations(),
        stats.copies());
    if (stats.shortDocuments() > 0) {
      err.printf(
          Locale.ROOT,
          "neardup: %,d documents shorter than k=%d, each taken as one shingle%n",
          stats.shortDocuments(),
          config.shingle().size());
    }
    stats.skipped().entrySet().stream()
        .sorted(Map.Entry.comparingByKey())
        .forEach(
            e ->
                err.printf(
                    Locale.ROOT,
                    "neardup: skipped %d record%s: %s%n",
                    e.getValue(),
                    e.getValue() == 1 ? "" : "s",
                    e.getKey().description()));
    LshParams lsh = stats.lshParams();
    err.printf(
        Locale.ROOT,
        "neardup: %s, P(candidate | J=%s) = %.4f; %,d candidate pairs of distinct texts, %,d"
            + " verified%n",
        lsh,
        Formats.plain(config.threshold()),
        lsh.candidateProbability(config.threshold()),
        stats.candidatePairs(),
        stats.verifiedPairs());
    if (stats.giantBuckets() > 0) {
      err.printf(
          Locale.ROOT,
          "neardup: %,d buckets held more than %,d distinct texts: only a star and a chain were"
              + " examined there, %,d (bucket, pair) occurrences were not (a pair counts once for"
              + " each bucket it is in; --bucket-cap 0 examines all)%n",
          stats.giantBuckets(),
          settings.bucketCap(),
          stats.unexaminedPairs());
    }
    if (stats.componentRounds() > 0) {
      err.printf(
          Locale.ROOT,
          "neardup: connected components in %d Large-Star/Small-Star rounds%n",
          stats.componentRounds());
    }
    if (stats.keptSetRounds() > 0) {
      err.printf(
          Locale.ROOT,
          "neardup: kept set (greedy in --keep order) in %d round%s%n",
          stats.keptSetRounds(),
          stats.keptSetRounds() == 1 ? "" : "s");
    }
    err.printf(
        Locale.ROOT,
        "neardup: %,d %s written; shuffles wrote %s%n",
        stats.results(),
        what,
        ProgressListener.bytes(stats.shuffleBytes()));
    err.flush();
  }
}
