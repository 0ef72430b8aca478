package org.neardup.bench.contender;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.neardup.input.Document;
import org.neardup.input.InputProblems;
import org.neardup.input.OnError;
import org.neardup.io.DocumentReader;
import org.neardup.io.DocumentReaders;
import org.neardup.io.InputFormat;
import org.neardup.io.InputOptions;
import org.neardup.shingle.Shingler;

/**
 * The read-and-hash baseline, what any pipeline pays: read the corpus and hash every shingle once,
 * on all cores, and nothing else (no normalization, no sets, no signatures, no pairs). The
 * pipeline's time as a multiple of this says how much the rest costs.
 */
final class ReadAndHashBaseline implements Contender {
  private static final int BATCH = 256;

  @Override
  public String name() {
    return "read-and-hash";
  }

  @Override
  public String description() {
    return "read-and-hash baseline: read the corpus and hash every shingle once (komihash, all"
        + " cores); finds no pairs";
  }

  @Override
  public boolean findsPairs() {
    return false;
  }

  @Override
  public ContenderOutcome run(BenchSettings settings, Phases phases) throws Exception {
    Shingler shingler = new Shingler(settings.shingle());
    int threads = Runtime.getRuntime().availableProcessors();
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    List<String> ids = new ArrayList<>();
    long[] checksum = {0};
    try {
      phases.time(
          "read+hash",
          () -> {
            InputProblems problems = new InputProblems(OnError.FAIL);
            ArrayDeque<Future<Long>> pending = new ArrayDeque<>();
            try (DocumentReader reader =
                DocumentReaders.open(
                    settings.corpus(), InputOptions.of(InputFormat.TSV), problems)) {
              List<String> batch = new ArrayList<>(BATCH);
              for (Document d; (d = reader.next()) != null; ) {
                ids.add(d.id());
                batch.add(d.text());
                if (batch.size() == BATCH) {
                  List<String> texts = batch;
                  pending.add(pool.submit(() -> hashAll(shingler, texts)));
                  batch = new ArrayList<>(BATCH);
                  while (pending.size() > 3 * threads) {
                    checksum[0] += pending.poll().get();
                  }
                }
              }
              List<String> texts = batch;
              pending.add(pool.submit(() -> hashAll(shingler, texts)));
              while (!pending.isEmpty()) {
                checksum[0] += pending.poll().get();
              }
            }
            return null;
          });
    } finally {
      pool.shutdownNow();
    }
    return new ContenderOutcome(
        ids.toArray(String[]::new),
        List.of(),
        ContenderOutcome.UNKNOWN,
        "hash checksum " + Long.toHexString(checksum[0]));
  }

  private static long hashAll(Shingler shingler, List<String> texts) {
    long sum = 0;
    for (String text : texts) {
      for (long h : shingler.hashes(text)) {
        sum += h;
      }
    }
    return sum;
  }
}
