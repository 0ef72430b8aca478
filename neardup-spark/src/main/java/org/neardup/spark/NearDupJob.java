package org.neardup.spark;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.StorageLevel;
import org.neardup.input.InputProblem;
import org.neardup.lsh.LshParams;
import org.neardup.options.Formats;
import org.neardup.spark.cluster.ClusterAssembly;
import org.neardup.spark.cluster.ClusterMember;
import org.neardup.spark.cluster.ConnectedComponents;
import org.neardup.spark.corpus.SparkCorpus;
import org.neardup.spark.kept.KeptMember;
import org.neardup.spark.kept.KeptSetAssembly;
import org.neardup.spark.lsh.BucketOutput;
import org.neardup.spark.lsh.SparkBanding;
import org.neardup.spark.output.PairAssembly;
import org.neardup.spark.output.PairLine;
import org.neardup.spark.verify.CandidateVerification;
import org.neardup.spark.verify.VerifiedPair;
import scala.Tuple2;

/**
 * The neardup pipeline on Spark, step by step, each step computed once when first needed: read and
 * sign ({@link SparkCorpus}), band ({@link SparkBanding}), verify ({@link CandidateVerification}),
 * and then the pairs ({@link PairAssembly}), the kept set ({@link KeptSetAssembly}) or the
 * connected components ({@link ConnectedComponents}, {@link ClusterAssembly}). The same pairs as
 * {@code ./neardup pairs} with the same settings, except in giant buckets (more distinct texts than
 * {@link JobSettings#bucketCap()}), where only a star and a chain of candidates are examined and
 * the rest is counted. Not thread-safe: drive it from one thread.
 */
public final class NearDupJob {
  private final SparkSession spark;
  private final JavaSparkContext context;
  private final JobSettings settings;
  private final SparkCorpus corpus;
  private JavaRDD<BucketOutput> buckets;
  private JavaPairRDD<Long, Long> copies;
  private long copyCount;
  private long giantBuckets;
  private long unexaminedPairs;
  private CandidateVerification.Result verification;
  private int componentRounds;
  private int keptSetRounds;

  private NearDupJob(SparkSession spark, JobSettings settings, SparkCorpus corpus) {
    this.spark = spark;
    this.context = JavaSparkContext.fromSparkContext(spark.sparkContext());
    this.settings = settings;
    this.corpus = corpus;
  }

  /** Reads and signs the inputs. */
  public static NearDupJob start(SparkSession spark, JobSettings settings) throws IOException {
    return new NearDupJob(spark, settings, SparkCorpus.read(spark, settings));
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

  /** The verified pairs of distinct texts. */
  public JavaRDD<VerifiedPair> verifiedPairs() {
    band();
    if (verification == null) {
      context.setJobDescription("verify candidates");
      JavaPairRDD<Long, Long> candidates =
          buckets
              .filter(b -> b.kind() == BucketOutput.Kind.CANDIDATE)
              .mapToPair(b -> new Tuple2<>(b.first(), b.second()))
              .distinct(settings.partitions());
      verification =
          CandidateVerification.verify(
              context,
              corpus.documents(),
              candidates,
              settings.config().verifier(),
              settings.partitions());
    }
    return verification.pairs();
  }

  /** Copies of a text read before: (copy, first-read copy). */
  public JavaPairRDD<Long, Long> copies() {
    band();
    return copies;
  }

  /** The pair lines, unordered: every pair the CLI reports (giant buckets aside). */
  public JavaRDD<PairLine> pairs() {
    JavaRDD<VerifiedPair> verified = verifiedPairs();
    context.setJobDescription("expand copies");
    return PairAssembly.lines(verified, copies(), corpus.documents(), settings.partitions());
  }

  /**
   * The groups of the kept set, unordered: each kept document that is the match of a removed one,
   * and those removed documents.
   */
  public JavaRDD<KeptMember> keptSet() {
    JavaRDD<VerifiedPair> verified = verifiedPairs();
    context.setJobDescription("kept set");
    KeptSetAssembly.Result result =
        KeptSetAssembly.members(
            context,
            verified,
            copies(),
            corpus.documents(),
            settings.keep(),
            settings.partitions());
    keptSetRounds = result.rounds();
    return result.members();
  }

  /** The members of the connected components, unordered. */
  public JavaRDD<ClusterMember> clusters() {
    JavaPairRDD<Long, Long> edges =
        verifiedPairs().mapToPair(p -> new Tuple2<>(p.second(), p.first())).union(copies());
    context.setJobDescription("connected components");
    ConnectedComponents.Result components =
        ConnectedComponents.of(context, edges, settings.partitions());
    componentRounds = components.rounds();
    context.setJobDescription("cluster members");
    return ClusterAssembly.members(
        components.components(), corpus.documents(), settings.keep(), settings.partitions());
  }

  private void band() {
    if (buckets != null) {
      return;
    }
    LshParams params = settings.config().lshParams();
    context.setJobDescription("band (" + params + ")");
    buckets =
        SparkBanding.scan(corpus.documents(), params, settings.bucketCap(), settings.partitions())
            .persist(StorageLevel.MEMORY_AND_DISK());
    copies =
        buckets
            .filter(b -> b.kind() == BucketOutput.Kind.COPY)
            .mapToPair(b -> new Tuple2<>(b.first(), b.second()))
            .persist(StorageLevel.MEMORY_AND_DISK());
    copyCount = copies.count();
    long[] giant =
        buckets
            .filter(b -> b.kind() == BucketOutput.Kind.GIANT_BUCKET)
            .map(b -> new long[] {1, b.second()})
            .fold(new long[] {0, 0}, (a, b) -> new long[] {a[0] + b[0], a[1] + b[1]});
    giantBuckets = giant[0];
    unexaminedPairs = giant[1];
  }

  /** What the run did so far. */
  public JobStats stats(long results, long shuffleBytes) {
    var tally = corpus.tally();
    Map<InputProblem, Long> skipped = new EnumMap<>(InputProblem.class);
    skipped.putAll(tally.issues);
    if (tally.emptyDocuments > 0) {
      skipped.put(InputProblem.EMPTY_DOCUMENT, tally.emptyDocuments);
    }
    CandidateVerification.Counts counts =
        verification == null ? new CandidateVerification.Counts(0, 0) : verification.counts();
    return new JobStats(
        tally.documents - corpus.duplicateIds(),
        tally.shortDocuments,
        skipped,
        copyCount,
        settings.config().lshParams(),
        counts.candidates(),
        counts.verified(),
        giantBuckets,
        unexaminedPairs,
        componentRounds,
        keptSetRounds,
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
