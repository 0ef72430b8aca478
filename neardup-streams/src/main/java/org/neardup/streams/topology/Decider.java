package org.neardup.streams.topology;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.neardup.streams.wire.Message;
import org.neardup.streams.wire.Message.Kind;
import org.neardup.streams.wire.Message.Neighbour;
import org.neardup.streams.wire.Message.Notice;
import org.neardup.streams.wire.Message.Report;

/**
 * The decision step, in a single task: once every shard has reported on a record, and every record
 * before it is decided, decides it as {@code dedup --keep first} does: kept unless one of its
 * verified earlier neighbours is kept; removed, it names the best kept one (highest similarity,
 * ties to the earliest). A document of the bootstrap is decided alike, but gets no decision on the
 * output topic: it is no input record. Its work a record is the reports' store, one lookup a
 * neighbour in the kept set (id to position), and one write when the document is kept.
 */
final class Decider implements Processor<String, Message, String, Object> {
  static final String REPORTS = "decider-reports";
  static final String NEXT = "decider-next";
  static final String KEPT = "decider-kept";
  private static final String NEXT_KEY = "next";

  /** Best first: highest similarity, then the earliest position. */
  static final Comparator<Neighbour> BEST_FIRST =
      Comparator.comparingDouble(Neighbour::similarity)
          .reversed()
          .thenComparingLong(Neighbour::seq);

  private final int shards;
  private ProcessorContext<String, Object> context;
  private KeyValueStore<Long, Message> reports;
  private KeyValueStore<String, Long> next;
  private KeyValueStore<String, Long> kept;

  Decider(int shards) {
    this.shards = shards;
  }

  @Override
  public void init(ProcessorContext<String, Object> context) {
    this.context = context;
    this.reports = context.getStateStore(REPORTS);
    this.next = context.getStateStore(NEXT);
    this.kept = context.getStateStore(KEPT);
  }

  @Override
  public void process(Record<String, Message> record) {
    Report report = (Report) record.value();
    Report earlier = (Report) reports.get(report.seq());
    if (earlier != null) {
      List<Neighbour> neighbours = new ArrayList<>(earlier.neighbours());
      neighbours.addAll(report.neighbours());
      report =
          new Report(
              report.seq(),
              report.id(),
              earlier.shards() + report.shards(),
              report.kind(),
              neighbours,
              report.source());
    }
    Long stored = next.get(NEXT_KEY);
    long turn = stored == null ? 0 : stored;
    if (report.shards() < shards || report.seq() != turn) {
      reports.put(report.seq(), report);
      return;
    }
    if (earlier != null) {
      reports.delete(report.seq());
    }
    decide(report, record);
    turn++;
    for (Report waiting = complete(turn); waiting != null; waiting = complete(turn)) {
      reports.delete(turn);
      decide(waiting, record);
      turn++;
    }
    next.put(NEXT_KEY, turn);
  }

  /** The report on position {@code seq} once every shard has sent its part, else null. */
  private Report complete(long seq) {
    Report report = (Report) reports.get(seq);
    return report != null && report.shards() == shards ? report : null;
  }

  private void decide(Report report, Record<String, Message> trigger) {
    String id = report.id();
    Record<String, Object> out = trigger.withKey(id).withValue(null);
    if (report.kind() == Kind.TOMBSTONE) {
      kept.delete(id);
      context.forward(out.withValue(Outcome.decision(null)));
      return;
    }
    List<Neighbour> matches = new ArrayList<>();
    for (Neighbour neighbour : report.neighbours()) {
      Long held = kept.get(neighbour.id());
      if (held != null && held == neighbour.seq()) {
        matches.add(neighbour);
      }
    }
    matches.sort(BEST_FIRST);
    if (report.kind() != Kind.LOADED) { // a document of the bootstrap gets no decision
      context.forward(
          out.withValue(
              Outcome.decision(Json.decision(id, report.seq(), matches, report.source()))));
    }
    if (report.kind() == Kind.DOCUMENT || report.kind() == Kind.LOADED) {
      if (matches.isEmpty()) {
        kept.put(id, report.seq());
      }
      context.forward(out.withValue(new Notice(report.seq(), matches.isEmpty())));
    }
  }
}
