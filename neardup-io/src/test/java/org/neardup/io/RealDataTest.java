package org.neardup.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.neardup.io.IoFixtures.readAll;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.neardup.input.Document;
import org.neardup.testkit.SharedData;

/**
 * Reads the real data sets in ../shared/data (SharedData: skipped when absent, failing under CI).
 */
class RealDataTest {
  private static final InputOptions KIJIJI =
      new InputOptions(InputFormat.CSV, '\t', null, List.of("Title", "Short Description"));

  @Test
  void kijijiTsvReadAsCsvWithTabDelimiterYieldsEveryRecordDespiteStrayQuotes() {
    Path file = SharedData.file("kijiji/dataset_rent_rome_kijiji.tsv");

    List<Document> docs = readAll(file, KIJIJI);

    assertThat(docs).hasSize(2627);
    assertThat(docs.get(0).id()).isEqualTo("1");
    assertThat(docs.get(0).line()).isEqualTo(2);
    assertThat(docs.get(0).text())
        .startsWith("Studio accessoriato vicino metro A Furio Camillo  Affitto studio");
    Document last = docs.get(docs.size() - 1);
    assertThat(last.id()).isEqualTo("2627");
    assertThat(last.line()).isEqualTo(2628);
    assertThat(last.recordIndex()).isEqualTo(2626);
    // One record a line: no record swallowed a line break.
    assertThat(docs).allSatisfy(d -> assertThat(d.line()).isEqualTo(d.recordIndex() + 2));
    assertThat(docs).noneMatch(d -> d.text().contains("\n") || d.text().contains("\t"));
  }

  @Test
  void kijijiDescriptionsThatStartWithAQuoteLoseOnlyTheirQuoteCharacters() {
    Path file = SharedData.file("kijiji/dataset_rent_rome_kijiji.tsv");

    List<Document> docs = readAll(file, KIJIJI);

    // Line 939: Short Description is "Proponiamo ... IMMOBILIARE." followed by a space.
    Document quoted = docs.get(939 - 2);
    assertThat(quoted.line()).isEqualTo(939);
    assertThat(quoted.text())
        .startsWith("Appartamento ZONA PRATI  Proponiamo in affitto")
        .endsWith("Il Team di EMMEEFFE IMMOBILIARE. ")
        .doesNotContain("\"");
    // Line 1030: "... REFERENZIATI. ". (text after the closing quote) is kept, not an error.
    assertThat(docs.get(1030 - 2).text()).endsWith("SOLO REFERENZIATI. . ");
  }

  @Test
  void kijijiCopiedWithNothingDroppedIsByteForByteIdentical() throws IOException {
    Path file = SharedData.file("kijiji/dataset_rent_rome_kijiji.tsv");
    ByteArrayOutputStream out = new ByteArrayOutputStream();

    long written = KIJIJI.format().copyExcept(file, KIJIJI, i -> false, out, true);

    assertThat(written).isEqualTo(2627);
    assertThat(out.toByteArray()).isEqualTo(Files.readAllBytes(file));
  }

  @Test
  void articlesTrainReadAsLinesHasOneHundredDocuments() {
    Path file = SharedData.file("articles/articles_100.train");

    List<Document> docs = readAll(file, InputOptions.of(InputFormat.LINES));

    assertThat(docs).hasSize(100);
    assertThat(docs.get(0).id()).isEqualTo("t980");
    assertThat(docs.get(0).text()).startsWith("A man was shot dead");
    assertThat(docs.get(99).id()).isEqualTo("t9537");
    assertThat(docs).allSatisfy(d -> assertThat(d.id()).matches("t\\d+"));
    assertThat(docs)
        .extracting(Document::recordIndex)
        .containsExactlyElementsOf(java.util.stream.LongStream.range(0, 100).boxed().toList());
  }
}
