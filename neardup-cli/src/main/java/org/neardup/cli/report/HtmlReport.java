package org.neardup.cli.report;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.neardup.batch.corpus.Corpus;
import org.neardup.cli.PipelineRun;
import org.neardup.cluster.Cluster;
import org.neardup.config.PipelineConfig;
import org.neardup.diff.WordDiff;
import org.neardup.lsh.LshParams;
import org.neardup.options.Formats;
import org.neardup.options.InputOptionsMixin;
import org.neardup.text.Normalizer;
import org.neardup.tune.Histogram;
import org.neardup.verify.SimilarPair;
import org.neardup.verify.VerifyMode;

/**
 * The report as one self-contained HTML page: inline CSS and SVG (the histogram, drawn by XChart),
 * no scripts, fonts, images or links outside the page. Sections, each with a stable id: {@code
 * parameters}, {@code counts}, {@code histogram}, {@code clusters}, {@code removals}, {@code
 * lowest-pairs}, {@code cluster-pairs}. Every text from the input is escaped.
 */
final class HtmlReport {
  /** Most member ids listed for one cluster. */
  private static final int MAX_MEMBERS = 60;

  /** Words of context kept on each side of a change when a long unchanged stretch is elided. */
  private static final int CONTEXT = 25;

  /** Longest run of unchanged words shown whole. */
  private static final int MAX_UNCHANGED = 150;

  private static final String STYLE =
      """
      body{font:15px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif;\
      color:#1d1d1f;margin:0 auto;max-width:1220px;padding:16px 24px 48px}
      h1{font-size:26px;margin:8px 0 4px}h2{font-size:20px;border-bottom:2px solid #d0d7de;\
      padding-bottom:4px;margin-top:32px}
      h3{font-size:15px;margin:0 0 8px;font-weight:600}nav a{margin-right:14px}\
      a{color:#0b57d0}
      table{border-collapse:collapse}td,th{padding:3px 10px;border-bottom:1px solid #e5e7eb;\
      text-align:left;vertical-align:top}
      th{background:#f6f8fa}td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
      table.kv th{background:none;font-weight:600;white-space:nowrap;padding-right:28px}
      .muted{color:#57606a}.ids{font-family:'DejaVu Sans Mono',monospace;font-size:13px}
      svg.histogram{display:block;max-width:100%;height:auto}\
      details.bins summary{cursor:pointer;color:#57606a;font-size:13px}
      .pair{border:1px solid #d0d7de;border-radius:6px;padding:10px 12px;margin:12px 0;\
      background:#fff}
      .sides{display:grid;grid-template-columns:1fr 1fr;gap:14px}
      .side{min-width:0}.side .id{font-size:12px;color:#57606a;margin-bottom:2px}
      .text{margin:0;padding:8px;background:#f6f8fa;border-radius:4px;overflow-wrap:anywhere}
      del{background:#ffd7d5;color:#82071e;text-decoration:line-through}
      ins{background:#ccffd8;color:#055d20;text-decoration:none;font-weight:600}
      .skip{color:#57606a;font-style:italic;font-size:13px}
      .legend del,.legend ins{padding:0 3px}\
      """;

  private final PipelineRun run;
  private final InputOptionsMixin input;
  private final boolean exactJoin;
  private final List<Cluster> clusters;
  private final List<Cluster> largest;
  private final List<ReportSelection.Removal> removals;
  private final List<SimilarPair> leastSimilar;
  private final List<ReportSelection.ClusterPairs> clusterPairs;
  private final Map<Integer, String> texts;
  private final Normalizer normalizer;

  HtmlReport(
      PipelineRun run,
      InputOptionsMixin input,
      boolean exactJoin,
      List<Cluster> clusters,
      List<Cluster> largest,
      List<ReportSelection.Removal> removals,
      List<SimilarPair> leastSimilar,
      List<ReportSelection.ClusterPairs> clusterPairs,
      Map<Integer, String> texts) {
    this.run = run;
    this.input = input;
    this.exactJoin = exactJoin;
    this.clusters = clusters;
    this.largest = largest;
    this.removals = removals;
    this.leastSimilar = leastSimilar;
    this.clusterPairs = clusterPairs;
    this.texts = texts;
    this.normalizer = new Normalizer(run.config.normalizer());
  }

  void write(Writer out) throws IOException {
    String inputs = input.paths().stream().map(Path::toString).collect(Collectors.joining(", "));
    out.write("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    out.write("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    out.write(
        "<title>neardup report: "
            + Html.escape(inputs)
            + "</title>\n<style>\n"
            + STYLE
            + "\n</style>\n</head>\n<body>\n");
    out.write("<h1>neardup report</h1>\n<p class=\"muted\">" + Html.escape(inputs) + "</p>\n");
    out.write(
        "<nav><a href=\"#parameters\">Parameters</a><a href=\"#counts\">Counts</a><a"
            + " href=\"#histogram\">Similarities</a><a href=\"#clusters\">Largest clusters</a><a"
            + " href=\"#removals\">Closest removals</a><a href=\"#lowest-pairs\">Least similar"
            + " pairs</a><a href=\"#cluster-pairs\">Pairs in the largest clusters</a></nav>\n");
    parameters(out);
    counts(out);
    histogram(out);
    clusters(out);
    removals(out);
    pairs(out);
    out.write("<footer class=\"muted\"><p>Made by neardup 0.1.0.</p></footer>\n</body>\n</html>\n");
  }

  private void parameters(Writer out) throws IOException {
    PipelineConfig config = run.config;
    out.write("<section id=\"parameters\">\n<h2>Parameters</h2>\n<table class=\"kv\">\n");
    for (Path path : input.paths()) {
      row(out, "input", path + " (" + input.format(path).name().toLowerCase(Locale.ROOT) + ")");
    }
    if (input.idField != null) {
      row(out, "id field", input.idField);
    }
    if (input.textFields != null && !input.textFields.isEmpty()) {
      row(out, "text fields", String.join(", ", input.textFields));
    }
    row(out, "threshold", Formats.plain(config.threshold()));
    row(out, "shingle", config.shingle().toString());
    row(out, "normalization", config.normalizer().toString());
    row(
        out,
        "signature",
        config.minHash().numPermutations()
            + " values, seed "
            + config.minHash().seed()
            + ", "
            + config.minHash().scheme());
    LshParams banding = run.result.lshParams();
    if (exactJoin || banding == null) {
      row(out, "pair search", "exact all-pairs join (no LSH)");
    } else {
      row(
          out,
          "LSH banding",
          String.format(
              Locale.ROOT,
              "%s (%s), P(candidate | J = %s) = %.4f",
              banding,
              config.banding() != null
                  ? "set with --bands and --rows"
                  : "chosen for target recall " + Formats.plain(config.targetRecall()),
              Formats.plain(config.threshold()),
              banding.candidateProbability(config.threshold())));
    }
    row(
        out,
        "verification",
        config.verify() == VerifyMode.EXACT
            ? "exact Jaccard of the shingle sets"
            : "signature estimate (approximate similarities)");
    out.write("</table>\n</section>\n");
  }

  private void counts(Writer out) throws IOException {
    Corpus corpus = run.corpus;
    List<SimilarPair> pairs = run.result.pairs();
    out.write("<section id=\"counts\">\n<h2>Counts</h2>\n<table class=\"kv\">\n");
    row(out, "documents", number(corpus.size()));
    if (corpus.shortDocuments() > 0) {
      row(out, "shorter than k (one shingle each)", number(corpus.shortDocuments()));
    }
    long skipped = run.problems.skipped().values().stream().mapToLong(Long::longValue).sum();
    row(
        out,
        "skipped records",
        skipped == 0
            ? "0"
            : number(skipped)
                + " ("
                + run.problems.skipped().entrySet().stream()
                    .map(e -> number(e.getValue()) + " " + e.getKey().description())
                    .collect(Collectors.joining(", "))
                + ")");
    row(
        out,
        exactJoin || run.result.lshParams() == null ? "pairs compared" : "candidate pairs",
        number(run.result.candidatePairs()));
    row(
        out,
        "pairs found (J >= " + Formats.plain(run.config.threshold()) + ")",
        number(pairs.size()));
    row(
        out,
        "identical shingle sets (J = 1)",
        number(pairs.stream().filter(p -> p.similarity() >= 1).count()));
    long members = clusters.stream().mapToLong(Cluster::size).sum();
    row(out, "clusters", number(clusters.size()));
    row(out, "documents in clusters", number(members));
    row(out, "duplicates (dedup would remove)", number(members - clusters.size()));
    out.write("</table>\n</section>\n");
  }

  private void histogram(Writer out) throws IOException {
    out.write("<section id=\"histogram\">\n<h2>Similarity of the pairs found</h2>\n");
    List<SimilarPair> pairs = run.result.pairs();
    if (pairs.isEmpty()) {
      out.write("<p>No pairs found.</p>\n</section>\n");
      return;
    }
    double threshold = run.config.threshold();
    double width = 1 - threshold <= 0.25 ? 0.01 : 1 - threshold <= 0.5 ? 0.02 : 0.05;
    double from = Math.floor(threshold / width + 1e-9) * width;
    int bins = Math.max(1, (int) Math.round((1 - from) / width));
    // Identical pairs (J = 1) would dwarf the rest: they are counted in the text, not drawn.
    double[] similarities =
        pairs.stream().mapToDouble(SimilarPair::similarity).filter(s -> s < 1).toArray();
    int identical = pairs.size() - similarities.length;
    Histogram histogram = Histogram.of(similarities, from, 1, bins);
    out.write(
        String.format(
            Locale.ROOT,
            "<p class=\"muted\">The %s pairs with similarity below 1, in bins of %s; not drawn: %s"
                + " pairs with similarity 1 (identical shingle sets).</p>%n",
            number(similarities.length),
            Formats.plain(width),
            number(identical)));
    String xTitle =
        run.config.verify() == VerifyMode.EXACT
            ? "exact Jaccard similarity"
            : "estimated similarity";
    out.write(HistogramFigure.svg(histogram, xTitle, "pairs"));
    out.write("<details class=\"bins\"><summary>The counts by bin</summary>\n");
    out.write(HistogramFigure.table(histogram, xTitle, "pairs"));
    out.write("</details>\n</section>\n");
  }

  private void clusters(Writer out) throws IOException {
    out.write("<section id=\"clusters\">\n<h2>Largest clusters</h2>\n");
    if (largest.isEmpty()) {
      out.write("<p>No clusters.</p>\n</section>\n");
      return;
    }
    out.write(
        String.format(
            Locale.ROOT,
            "<p class=\"muted\">The %d largest of %s clusters; members in input order.</p>%n",
            largest.size(),
            number(clusters.size())));
    out.write(
        "<table>\n"
            + "<tr><th class=\"num\">#</th><th class=\"num\">size</th><th class=\"num\">lowest"
            + " J</th><th>members</th></tr>\n");
    for (int c = 0; c < largest.size(); c++) {
      Cluster cluster = largest.get(c);
      StringBuilder members = new StringBuilder();
      int shown = Math.min(MAX_MEMBERS, cluster.size());
      for (int m = 0; m < shown; m++) {
        members.append(m == 0 ? "" : ", ").append(Html.id(run.corpus.id(cluster.member(m))));
      }
      if (shown < cluster.size()) {
        members
            .append(" <span class=\"muted\">and ")
            .append(cluster.size() - shown)
            .append(" more</span>");
      }
      out.write(
          String.format(
              Locale.ROOT,
              "<tr id=\"cluster-%d\"><td class=\"num\">%d</td><td class=\"num\">%d</td><td"
                  + " class=\"num\">%s</td><td class=\"ids\">%s <a"
                  + " href=\"#cluster-%d-pairs\">texts</a></td></tr>%n",
              c + 1,
              c + 1,
              cluster.size(),
              Formats.similarity(clusterPairs.get(c).lowestSimilarity()),
              members,
              c + 1));
    }
    out.write("</table>\n</section>\n");
  }

  private static final String LEGEND =
      "<p class=\"legend muted\">Words only in the left text are <del>struck out</del>, words only"
          + " in the right text are <ins>marked</ins> (words compared after normalization).</p>\n";

  private void removals(Writer out) throws IOException {
    out.write("<section id=\"removals\">\n<h2>Closest removals</h2>\n");
    if (removals.isEmpty()) {
      out.write("<p>No removals.</p>\n</section>\n");
      return;
    }
    out.write(
        String.format(
            Locale.ROOT,
            "<p class=\"muted\">What dedup removes, each with the kept document it duplicates"
                + " (left) and their similarity: the %d least similar of %s removals.</p>%n",
            removals.size(),
            number(clusters.stream().mapToLong(c -> c.size() - 1L).sum())));
    out.write(LEGEND);
    for (int r = 0; r < removals.size(); r++) {
      ReportSelection.Removal removal = removals.get(r);
      pair(
          out,
          "removal-" + (r + 1),
          removal.kept(),
          removal.removed(),
          removal.similarity(),
          " keeps ");
    }
    out.write("</section>\n");
  }

  private void pairs(Writer out) throws IOException {
    String legend = LEGEND;
    out.write("<section id=\"lowest-pairs\">\n<h2>Least similar pairs</h2>\n");
    out.write(
        String.format(
            Locale.ROOT,
            "<p class=\"muted\">The %d least similar of the %s pairs found: the closest"
                + " calls.</p>%n",
            leastSimilar.size(),
            number(run.result.pairs().size())));
    if (!leastSimilar.isEmpty()) {
      out.write(legend);
    }
    for (int p = 0; p < leastSimilar.size(); p++) {
      pair(out, "pair-" + (p + 1), leastSimilar.get(p));
    }
    out.write(
        "</section>\n<section id=\"cluster-pairs\">\n<h2>Pairs in the largest clusters</h2>\n");
    if (!clusterPairs.isEmpty()) {
      out.write(legend);
    }
    for (int c = 0; c < clusterPairs.size(); c++) {
      ReportSelection.ClusterPairs entry = clusterPairs.get(c);
      if (entry.identical()) {
        int first = entry.cluster().first();
        out.write(
            String.format(
                Locale.ROOT,
                "<h3 id=\"cluster-%d-pairs\">Cluster %d: %d members, all with identical shingle"
                    + " sets (J = 1)</h3>%n",
                c + 1,
                c + 1,
                entry.cluster().size()));
        out.write(
            "<div class=\"pair identical\"><div class=\"id ids\">"
                + Html.id(run.corpus.id(first))
                + " (and "
                + (entry.cluster().size() - 1)
                + " copies)</div><p class=\"text\">"
                + unchanged(WordDiff.words(texts.getOrDefault(first, "")), false, false)
                + "</p></div>\n");
        continue;
      }
      out.write(
          String.format(
              Locale.ROOT,
              "<h3 id=\"cluster-%d-pairs\">Cluster %d: %d members, lowest similarity %s; its %d"
                  + " least similar pairs</h3>%n",
              c + 1,
              c + 1,
              entry.cluster().size(),
              Formats.similarity(entry.lowestSimilarity()),
              entry.pairs().size()));
      for (int p = 0; p < entry.pairs().size(); p++) {
        pair(out, "cluster-" + (c + 1) + "-pair-" + (p + 1), entry.pairs().get(p));
      }
    }
    out.write("</section>\n");
  }

  private void pair(Writer out, String anchor, SimilarPair pair) throws IOException {
    pair(out, anchor, pair.first(), pair.second(), pair.similarity(), " ~ ");
  }

  /** Two documents side by side, the words that differ marked; {@code between} joins their ids. */
  private void pair(
      Writer out, String anchor, int left, int right, double similarity, String between)
      throws IOException {
    String idA = run.corpus.id(left);
    String idB = run.corpus.id(right);
    List<WordDiff.Segment> diff =
        WordDiff.of(
            WordDiff.words(texts.getOrDefault(left, "")),
            WordDiff.words(texts.getOrDefault(right, "")),
            normalizer::normalize);
    out.write("<article class=\"pair\" id=\"" + anchor + "\">\n");
    out.write(
        "<h3><span class=\"ids\">"
            + Html.id(idA)
            + Html.escape(between)
            + Html.id(idB)
            + "</span> <span class=\"similarity\">J = "
            + Formats.similarity(similarity)
            + "</span></h3>\n<div class=\"sides\">\n");
    side(out, idA, diff, true);
    side(out, idB, diff, false);
    out.write("</div>\n</article>\n");
  }

  private static void side(Writer out, String id, List<WordDiff.Segment> diff, boolean left)
      throws IOException {
    StringBuilder text = new StringBuilder();
    for (int s = 0; s < diff.size(); s++) {
      WordDiff.Segment segment = diff.get(s);
      List<String> words = left ? segment.left() : segment.right();
      if (words.isEmpty()) {
        continue;
      }
      if (text.length() > 0) {
        text.append(' ');
      }
      switch (segment.kind()) {
        case SAME -> text.append(unchanged(words, s > 0, s < diff.size() - 1));
        case DELETED ->
            text.append("<del>").append(Html.escape(String.join(" ", words))).append("</del>");
        case INSERTED ->
            text.append("<ins>").append(Html.escape(String.join(" ", words))).append("</ins>");
        default -> throw new AssertionError(segment.kind());
      }
    }
    out.write(
        "<div class=\"side\"><div class=\"id ids\">"
            + Html.id(id)
            + "</div><p class=\"text\">"
            + text
            + "</p></div>\n");
  }

  /**
   * Unchanged words, escaped. A run of more than {@link #MAX_UNCHANGED} words keeps {@link
   * #CONTEXT} words next to each change (the first MAX_UNCHANGED when there is no change at all)
   * and says how many it leaves out.
   */
  private static String unchanged(List<String> words, boolean changeBefore, boolean changeAfter) {
    if (words.size() <= MAX_UNCHANGED) {
      return Html.escape(String.join(" ", words));
    }
    int head = changeBefore ? CONTEXT : changeAfter ? 0 : MAX_UNCHANGED;
    int tail = changeAfter ? CONTEXT : 0;
    StringBuilder sb = new StringBuilder();
    if (head > 0) {
      sb.append(Html.escape(String.join(" ", words.subList(0, head)))).append(' ');
    }
    sb.append("<span class=\"skip\">[… ")
        .append(words.size() - head - tail)
        .append(" unchanged words …]</span>");
    if (tail > 0) {
      sb.append(' ')
          .append(Html.escape(String.join(" ", words.subList(words.size() - tail, words.size()))));
    }
    return sb.toString();
  }

  private static void row(Writer out, String key, String value) throws IOException {
    out.write("<tr><th>" + Html.escape(key) + "</th><td>" + Html.escape(value) + "</td></tr>\n");
  }

  private static String number(long value) {
    return String.format(Locale.ROOT, "%,d", value);
  }
}
