package org.neardup.bench.e2e;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.neardup.bench.contender.BenchSettings;
import org.neardup.eval.BandRecall;

/** The results as one JSON document: settings, machine, and a record per contender. */
final class JsonReport {
  private JsonReport() {}

  static void write(
      Path file,
      BenchSettings settings,
      int documents,
      long truthPairs,
      Map<String, String> machine,
      List<RunRecord> records)
      throws IOException {
    try (JsonGenerator json = new JsonFactory().createGenerator(file.toFile(), JsonEncoding.UTF8)) {
      json.useDefaultPrettyPrinter();
      json.writeStartObject();
      json.writeObjectFieldStart("settings");
      json.writeStringField("corpus", settings.corpus().toString());
      json.writeNumberField("documents", documents);
      json.writeNumberField("threshold", settings.threshold());
      json.writeStringField("shingle", settings.shingle().toString());
      json.writeNumberField("permutations", settings.permutations());
      json.writeNumberField("seed", settings.seed());
      json.writeNumberField("truthPairs", truthPairs);
      json.writeEndObject();
      json.writeObjectFieldStart("machine");
      for (Map.Entry<String, String> fact : machine.entrySet()) {
        json.writeStringField(fact.getKey(), fact.getValue());
      }
      json.writeEndObject();
      json.writeArrayFieldStart("contenders");
      for (RunRecord r : records) {
        writeRecord(json, r);
      }
      json.writeEndArray();
      json.writeEndObject();
    }
  }

  private static void writeRecord(JsonGenerator json, RunRecord r) throws IOException {
    json.writeStartObject();
    json.writeStringField("name", r.name());
    json.writeStringField("description", r.description());
    json.writeStringField("status", r.status());
    json.writeStringField("note", r.note());
    if (!Double.isNaN(r.wallSeconds())) json.writeNumberField("wallSeconds", r.wallSeconds());
    if (r.peakRssKib() >= 0) json.writeNumberField("peakRssKiB", r.peakRssKib());
    if (r.candidatePairs() >= 0) json.writeNumberField("candidatePairs", r.candidatePairs());
    if (r.reportedPairs() >= 0) json.writeNumberField("reportedPairs", r.reportedPairs());
    json.writeStringField("parameters", r.parameters());
    json.writeObjectFieldStart("phaseSeconds");
    for (Map.Entry<String, Double> phase : r.phases().entrySet()) {
      json.writeNumberField(phase.getKey(), phase.getValue());
    }
    json.writeEndObject();
    if (r.evaluation() != null) {
      json.writeNumberField("recall", r.evaluation().recall());
      json.writeNumberField("precision", r.evaluation().precision());
      json.writeNumberField("truePositives", r.evaluation().truePositives());
      json.writeNumberField("falsePositives", r.evaluation().falsePositives());
      json.writeNumberField("falseNegatives", r.evaluation().falseNegatives());
    }
    json.writeArrayFieldStart("recallByBand");
    for (BandRecall band : r.bands()) {
      json.writeStartObject();
      json.writeNumberField("from", band.from());
      json.writeNumberField("to", band.to());
      json.writeNumberField("truthPairs", band.truthPairs());
      json.writeNumberField("foundPairs", band.foundPairs());
      json.writeNumberField("recall", band.recall());
      json.writeEndObject();
    }
    json.writeEndArray();
    json.writeEndObject();
  }
}
