package org.neardup.bench.e2e;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.neardup.bench.contender.BenchSettings;
import org.neardup.eval.BandRecall;

/** The results as Markdown: settings, machine, the main table, then parameters and phases. */
final class MarkdownReport {
  private MarkdownReport() {}

  static void print(
      PrintStream out,
      BenchSettings settings,
      int documents,
      long truthPairs,
      Map<String, String> machine,
      List<RunRecord> records) {
    out.printf(
        Locale.ROOT,
        "Corpus `%s`: %,d documents; threshold %s, shingle %s, %d permutations; "
            + "truth (neardup-exact): %,d pairs.%n%n",
        settings.corpus().getFileName(),
        documents,
        settings.threshold(),
        settings.shingle(),
        settings.permutations(),
        truthPairs);
    out.println(
        "Machine: "
            + machine.entrySet().stream()
                .map(e -> e.getKey() + " " + e.getValue())
                .collect(Collectors.joining("; "))
            + ".");
    out.println();
    List<BandRecall> bandLabels =
        records.stream()
            .map(RunRecord::bands)
            .filter(b -> !b.isEmpty())
            .findFirst()
            .orElse(List.of());
    StringBuilder header =
        new StringBuilder(
            "| contender | wall (s) | peak RSS (MiB) | candidates | pairs | recall | precision |");
    StringBuilder rule = new StringBuilder("|---|---:|---:|---:|---:|---:|---:|");
    for (BandRecall band : bandLabels) {
      header.append(
          String.format(
              Locale.ROOT, " [%.2f, %.2f%s |", band.from(), band.to(), band.to() >= 1 ? "]" : ")"));
      rule.append("---:|");
    }
    out.println(header);
    out.println(rule);
    for (RunRecord r : records) {
      out.println(row(r, bandLabels.size()));
    }
    out.println();
    out.println("| contender | parameters | phases inside the process (s) |");
    out.println("|---|---|---|");
    for (RunRecord r : records) {
      String phases =
          r.phases().entrySet().stream()
              .map(e -> String.format(Locale.ROOT, "%s %.2f", e.getKey(), e.getValue()))
              .collect(Collectors.joining(", "));
      out.printf(
          "| %s | %s | %s |%n",
          r.name(),
          r.parameters().isEmpty() ? "—" : r.parameters(),
          phases.isEmpty() ? "—" : phases);
    }
  }

  private static String row(RunRecord r, int bandCount) {
    StringBuilder sb = new StringBuilder("| ").append(r.name()).append(" | ");
    if (!r.status().equals(RunRecord.OK)) {
      String wall =
          Double.isNaN(r.wallSeconds()) ? "—" : String.format(Locale.ROOT, "%.1f", r.wallSeconds());
      sb.append(wall)
          .append(" | ")
          .append(mib(r.peakRssKib()))
          .append(" | ")
          .append(r.status())
          .append(": ")
          .append(r.note())
          .append(" | — | — | — |");
      sb.append(" — |".repeat(bandCount));
      return sb.toString();
    }
    sb.append(
        String.format(
            Locale.ROOT,
            "%.1f | %s | %s | %,d |",
            r.wallSeconds(),
            mib(r.peakRssKib()),
            r.candidatePairs() < 0 ? "n/a" : String.format(Locale.ROOT, "%,d", r.candidatePairs()),
            r.reportedPairs()));
    if (r.evaluation() == null) {
      // a baseline that looks for no pairs: nothing to score
      sb.append(" — | — |").append(" — |".repeat(bandCount));
      return sb.toString();
    }
    sb.append(
        String.format(
            Locale.ROOT, " %.5f | %.4f |", r.evaluation().recall(), r.evaluation().precision()));
    for (BandRecall band : r.bands()) {
      sb.append(String.format(Locale.ROOT, " %.4f |", band.recall()));
    }
    return sb.toString();
  }

  private static String mib(long kib) {
    return kib < 0 ? "—" : String.format(Locale.ROOT, "%,d", Math.round(kib / 1024.0));
  }
}
