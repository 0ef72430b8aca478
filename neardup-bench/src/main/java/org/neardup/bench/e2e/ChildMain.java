package org.neardup.bench.e2e;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.neardup.bench.contender.Contender;
import org.neardup.bench.contender.ContenderOutcome;
import org.neardup.bench.contender.Contenders;
import org.neardup.bench.contender.Phases;
import org.neardup.eval.IdPair;
import org.neardup.verify.SimilarPair;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * One contender in its own JVM, started by {@link EndToEnd}: runs it, writes its pairs ({@code
 * idA<TAB>idB<TAB>similarity}, idA &lt; idB, sorted: neardup's pair format) and a properties file
 * of statistics (candidates, phases, peak RSS read from {@code /proc/self/status} at the end).
 */
@Command(name = "child", description = "Runs one contender (started by EndToEnd).")
public final class ChildMain implements Callable<Integer> {
  /** Keys of the statistics file. */
  static final String CANDIDATES = "candidates";

  static final String PAIRS = "pairs";
  static final String PARAMETERS = "parameters";
  static final String PEAK_RSS_KIB = "peakRssKiB";

  /** Phases as {@code name=seconds} separated by {@code ;}, in the order they ran. */
  static final String PHASES = "phases";

  @Option(names = "--contender", required = true)
  String contender;

  @Option(names = "--pairs-out", required = true)
  Path pairsOut;

  @Option(names = "--stats-out", required = true)
  Path statsOut;

  @Mixin SettingsOptions settings;

  public static void main(String[] args) {
    System.exit(new CommandLine(new ChildMain()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    Contender target = Contenders.named(contender);
    Phases phases = new Phases();
    ContenderOutcome outcome = target.run(settings.settings(), phases);
    writePairs(outcome);
    Properties stats = new Properties();
    stats.setProperty(CANDIDATES, Long.toString(outcome.candidatePairs()));
    stats.setProperty(PAIRS, Integer.toString(outcome.pairs().size()));
    stats.setProperty(PARAMETERS, outcome.parameters());
    stats.setProperty(
        PHASES,
        phases.seconds().entrySet().stream()
            .map(e -> e.getKey() + "=" + e.getValue())
            .collect(Collectors.joining(";")));
    stats.setProperty(PEAK_RSS_KIB, Long.toString(PeakRss.ownKib()));
    try (Writer writer = Files.newBufferedWriter(statsOut, StandardCharsets.UTF_8)) {
      stats.store(writer, target.name());
    }
    return 0;
  }

  private void writePairs(ContenderOutcome outcome) throws IOException {
    String[] ids = outcome.ids();
    List<Map.Entry<IdPair, Double>> pairs = new ArrayList<>(outcome.pairs().size());
    for (SimilarPair p : outcome.pairs()) {
      pairs.add(Map.entry(IdPair.of(ids[p.first()], ids[p.second()]), p.similarity()));
    }
    pairs.sort(
        Comparator.comparing((Map.Entry<IdPair, Double> e) -> e.getKey().first())
            .thenComparing(e -> e.getKey().second()));
    try (BufferedWriter writer = Files.newBufferedWriter(pairsOut, StandardCharsets.UTF_8)) {
      for (Map.Entry<IdPair, Double> e : pairs) {
        writer.write(e.getKey().first() + "\t" + e.getKey().second() + "\t" + e.getValue() + "\n");
      }
    }
  }
}
