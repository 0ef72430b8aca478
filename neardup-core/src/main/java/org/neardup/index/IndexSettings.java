package org.neardup.index;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.neardup.api.Faces;
import org.neardup.config.PipelineConfig;
import org.neardup.lsh.BandingVersion;
import org.neardup.lsh.LshParams;
import org.neardup.sketch.SketchParams;
import org.neardup.verify.VerifyMode;

/**
 * Everything a persistent index was built with and must be opened with again: how documents were
 * sketched, how signatures were banded (bucket keys are stored), the threshold, and whether texts
 * are kept. Stored with the index ({@link org.neardup.format.IndexSettingsFormat}) and compared on
 * open: other settings would make the stored buckets and sets garbage.
 *
 * @param sketch normalization, shingling and MinHash
 * @param bandingVersion how bands are hashed to bucket keys
 * @param banding bands and rows in effect
 * @param threshold report matches with similarity &gt;= this
 * @param targetRecall the candidate probability the banding was chosen for (informative)
 * @param verify exact verification or signature estimate
 * @param keepTexts whether document texts are stored (to be shown again)
 * @param search the queries beyond the threshold the index keeps buckets for (top-k floor,
 *     containment sample)
 */
@Faces
public record IndexSettings(
    SketchParams sketch,
    BandingVersion bandingVersion,
    LshParams banding,
    double threshold,
    double targetRecall,
    VerifyMode verify,
    boolean keepTexts,
    SearchSettings search) {
  public IndexSettings {
    Objects.requireNonNull(sketch, "sketch");
    Objects.requireNonNull(bandingVersion, "bandingVersion");
    Objects.requireNonNull(banding, "banding");
    Objects.requireNonNull(verify, "verify");
    Objects.requireNonNull(search, "search");
  }

  /** Settings of a plain threshold index ({@link SearchSettings#NONE}). */
  public IndexSettings(
      SketchParams sketch,
      BandingVersion bandingVersion,
      LshParams banding,
      double threshold,
      double targetRecall,
      VerifyMode verify,
      boolean keepTexts) {
    this(
        sketch,
        bandingVersion,
        banding,
        threshold,
        targetRecall,
        verify,
        keepTexts,
        SearchSettings.NONE);
  }

  /** The settings of a plain threshold index made with {@code config}. */
  public static IndexSettings of(PipelineConfig config, boolean keepTexts) {
    return of(config, keepTexts, SearchSettings.NONE);
  }

  /**
   * The settings of an index made with {@code config}, built for the queries {@code search} allows.
   */
  public static IndexSettings of(PipelineConfig config, boolean keepTexts, SearchSettings search) {
    return new IndexSettings(
        config.sketch(),
        BandingVersion.DEFAULT,
        config.lshParams(),
        config.threshold(),
        config.targetRecall(),
        config.verify(),
        keepTexts,
        search);
  }

  /** The pipeline settings these stand for (the banding pinned), with {@code threads} workers. */
  public PipelineConfig toConfig(int threads) {
    return PipelineConfig.builder()
        .normalizer(sketch.normalizer())
        .shingle(sketch.shingle())
        .minHash(sketch.minHash())
        .threshold(threshold)
        .targetRecall(targetRecall)
        .banding(banding)
        .verify(verify)
        .threads(threads)
        .build();
  }

  /** The settings that differ from {@code other}'s, as "name: this vs other", for messages. */
  public List<String> differences(IndexSettings other) {
    List<String> differences = new ArrayList<>();
    compare(differences, "sketch", sketch, other.sketch);
    compare(differences, "banding version", bandingVersion, other.bandingVersion);
    compare(differences, "banding", banding, other.banding);
    compare(differences, "threshold", threshold, other.threshold);
    compare(differences, "verify", verify, other.verify);
    compare(differences, "keep texts", keepTexts, other.keepTexts);
    compare(differences, "top-k floor", topKFloorText(), other.topKFloorText());
    compare(
        differences,
        "containment sampling",
        containmentText(search),
        containmentText(other.search));
    return differences;
  }

  /**
   * Whether these settings differ from {@code other}'s only in the queries beyond the threshold
   * they keep buckets for ({@link #search}): what an index can be rebuilt for from the sketches and
   * texts it holds.
   */
  public boolean differsOnlyInSearch(IndexSettings other) {
    return !search.equals(other.search) && withSearch(other.search).equals(other);
  }

  /** These settings built for the queries of {@code search} instead. */
  public IndexSettings withSearch(SearchSettings search) {
    return new IndexSettings(
        sketch, bandingVersion, banding, threshold, targetRecall, verify, keepTexts, search);
  }

  /** The top-k floor as messages say it: none when there is none (top-k stops at the threshold). */
  private String topKFloorText() {
    return search.hasTopKFloor()
        ? Double.toString(search.topKFloor())
        : "none (top-k down to the threshold " + threshold + ")";
  }

  private static String containmentText(SearchSettings search) {
    return search.hasContainment() ? "1 in " + search.containmentSampling() : "none";
  }

  private static void compare(List<String> out, String name, Object a, Object b) {
    if (!a.equals(b)) {
      out.add(name + ": " + a + " vs " + b);
    }
  }
}
