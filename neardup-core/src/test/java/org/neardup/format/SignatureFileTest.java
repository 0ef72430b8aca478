package org.neardup.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.neardup.minhash.MinHashConfig;
import org.neardup.minhash.MinHashScheme;
import org.neardup.shingle.ShingleConfig;
import org.neardup.sketch.DocumentSketcher;
import org.neardup.sketch.Sketch;
import org.neardup.sketch.SketchParams;
import org.neardup.text.NormalizerConfig;

class SignatureFileTest {
  private static final SketchParams PARAMS =
      new SketchParams(
          NormalizerConfig.DEFAULT,
          ShingleConfig.chars(5),
          new MinHashConfig(MinHashScheme.ONE_PERMUTATION_V1, 16, 1));
  private static final String[] TEXTS = {
    "The quick brown fox jumps over the lazy dog.",
    "The quick brown fox jumped over the lazy dog!",
    "Ünïcödé: 😀 ok"
  };

  private static List<SignatureFile.Entry> entries(boolean withSets) {
    DocumentSketcher sketcher = DocumentSketcher.create(PARAMS);
    List<SignatureFile.Entry> entries = new ArrayList<>();
    for (int i = 0; i < TEXTS.length; i++) {
      Sketch sketch = sketcher.sketch(TEXTS[i]);
      entries.add(
          new SignatureFile.Entry(
              "doc-" + i,
              TEXTS[i].length(),
              sketch.signature(),
              withSets ? sketch.shingleSet() : null));
    }
    return entries;
  }

  private static byte[] write(boolean withSets, List<SignatureFile.Entry> entries)
      throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (SignatureFile.Writer writer = SignatureFile.write(out, PARAMS, withSets)) {
      for (SignatureFile.Entry entry : entries) {
        writer.add(entry);
      }
    }
    return out.toByteArray();
  }

  private static List<SignatureFile.Entry> readAll(byte[] bytes) throws IOException {
    List<SignatureFile.Entry> read = new ArrayList<>();
    try (SignatureFile.Reader reader =
        SignatureFile.read(new ByteArrayInputStream(bytes), "test.nds")) {
      assertThat(reader.params()).isEqualTo(PARAMS);
      for (SignatureFile.Entry entry; (entry = reader.next()) != null; ) {
        read.add(entry);
      }
    }
    return read;
  }

  private static void assertSameEntries(
      List<SignatureFile.Entry> actual, List<SignatureFile.Entry> expected) {
    assertThat(actual).hasSameSizeAs(expected);
    for (int i = 0; i < expected.size(); i++) {
      assertThat(actual.get(i).id()).isEqualTo(expected.get(i).id());
      assertThat(actual.get(i).textLength()).isEqualTo(expected.get(i).textLength());
      assertThat(actual.get(i).signature()).containsExactly(expected.get(i).signature());
      assertThat(actual.get(i).shingleSet()).isEqualTo(expected.get(i).shingleSet());
    }
  }

  @Test
  void roundTripsWithAndWithoutShingleSets() throws IOException {
    for (boolean withSets : new boolean[] {true, false}) {
      List<SignatureFile.Entry> entries = entries(withSets);
      byte[] bytes = write(withSets, entries);
      assertSameEntries(readAll(bytes), entries);
      try (SignatureFile.Reader reader = SignatureFile.read(new ByteArrayInputStream(bytes), "x")) {
        assertThat(reader.withSets()).isEqualTo(withSets);
      }
    }
  }

  /** Written once by version 1 of the layout (8-byte shingle hashes) and never regenerated. */
  @Test
  void version1GoldenFileStillReadsAsTheSameEntries() throws IOException {
    byte[] golden = SignatureFormatTest.golden("/golden/signature-file-v1-n16.nds");
    assertSameEntries(readAll(golden), entries(true));
    try (SignatureFile.Reader reader =
        SignatureFile.read(new ByteArrayInputStream(golden), "v1.nds")) {
      assertThat(reader.version()).isEqualTo(SignatureFile.VERSION_1);
    }
    assertThat(write(true, entries(true)).length).isLessThan(golden.length);
  }

  /** Written once by version 2 of the layout (compact shingle sets) and never regenerated. */
  @Test
  void version2GoldenFileIsWhatTodaysWriterWritesAndReadsBack() throws IOException {
    byte[] golden = SignatureFormatTest.golden("/golden/signature-file-v2-n16.nds");
    assertThat(write(true, entries(true))).isEqualTo(golden);
    assertSameEntries(readAll(golden), entries(true));
    try (SignatureFile.Reader reader =
        SignatureFile.read(new ByteArrayInputStream(golden), "v2.nds")) {
      assertThat(reader.version()).isEqualTo(SignatureFile.VERSION);
    }
  }

  /** Entries read with their sets still encoded decode to the same sets, in both versions. */
  @Test
  void encodedEntriesDecodeToTheSetsOfTheFullEntries() throws IOException {
    byte[] v1 = SignatureFormatTest.golden("/golden/signature-file-v1-n16.nds");
    for (byte[] bytes : List.of(v1, write(true, entries(true)), write(false, entries(false)))) {
      List<SignatureFile.Entry> full = readAll(bytes);
      try (SignatureFile.Reader reader =
          SignatureFile.read(new ByteArrayInputStream(bytes), "test.nds")) {
        for (SignatureFile.Entry expected : full) {
          SignatureFile.Encoded entry = reader.nextEncoded();
          assertThat(entry.id()).isEqualTo(expected.id());
          assertThat(entry.textLength()).isEqualTo(expected.textLength());
          assertThat(entry.signature()).containsExactly(expected.signature());
          assertThat(entry.hasShingleSet()).isEqualTo(expected.hasShingleSet());
          assertThat(entry.setSize())
              .isEqualTo(expected.hasShingleSet() ? expected.shingleSet().length : -1);
          assertThat(entry.shingleSet()).isEqualTo(expected.shingleSet());
        }
        assertThat(reader.nextEncoded()).isNull();
      }
    }
  }

  @Test
  void aLongIdAndALargeSetUseMultiByteVarints() throws IOException {
    SplittableRandom random = new SplittableRandom(4);
    long[] set = random.longs(100_000).sorted().distinct().toArray();
    String id = "x".repeat(300) + "é";
    List<SignatureFile.Entry> entries =
        List.of(new SignatureFile.Entry(id, 1_000_000, random.ints(16).toArray(), set));
    assertSameEntries(readAll(write(true, entries)), entries);
  }

  @Test
  void corruptFilesAreRejectedWithTheirOffset() throws IOException {
    byte[] good = write(true, entries(true));
    assertThatThrownBy(() -> readAll(Arrays.copyOf(good, good.length - 3)))
        .isInstanceOf(CorruptFormatException.class)
        .hasMessageContaining("test.nds: truncated entry");
    byte[] badMagic = good.clone();
    badMagic[1] = 'X';
    assertThatThrownBy(() -> readAll(badMagic))
        .hasMessageContaining("bad magic")
        .hasMessageContaining("at byte 0");
    byte[] badVersion = good.clone();
    badVersion[4] = 7;
    assertThatThrownBy(() -> readAll(badVersion))
        .hasMessageContaining("unsupported signature file version 7");
    byte[] badFlags = good.clone();
    badFlags[6] = 6;
    assertThatThrownBy(() -> readAll(badFlags))
        .hasMessageContaining("unknown signature file flags 6");
    assertThatThrownBy(() -> readAll(Arrays.copyOf(good, 20)))
        .hasMessageContaining("truncated signature file header");
    assertThatThrownBy(() -> readAll(new byte[0])).hasMessageContaining("too short");
    byte[] unsorted = SignatureFormatTest.golden("/golden/signature-file-v1-n16.nds");
    int set =
        SignatureFile.HEADER_BYTES + 1 + "doc-0".length() + 1 + 4 * 16 + 1; // the first entry's set
    for (int i = 0; i < 8; i++) { // its first two hashes swapped
      byte swapped = unsorted[set + i];
      unsorted[set + i] = unsorted[set + 8 + i];
      unsorted[set + 8 + i] = swapped;
    }
    assertThatThrownBy(() -> readAll(unsorted)).hasMessageContaining("not in ascending order");
    byte[] leftOver = good.clone();
    int count =
        SignatureFile.HEADER_BYTES + 1 + "doc-0".length() + 1 + 4 * 16; // the first entry's count
    leftOver[
        count + 1]++; // its set's byte length one more: the next entry's first byte joins the set
    assertThatThrownBy(() -> readAll(leftOver))
        .isInstanceOf(CorruptFormatException.class)
        .hasMessageContaining("test.nds: compact shingle set of ");
  }

  @Test
  void writerRefusesEntriesThatWouldNotReadBack() throws IOException {
    try (SignatureFile.Writer writer =
        SignatureFile.write(new ByteArrayOutputStream(), PARAMS, true)) {
      assertThatThrownBy(() -> writer.add(new SignatureFile.Entry("", 1, new int[16], new long[0])))
          .hasMessage("the id is empty");
      assertThatThrownBy(
              () -> writer.add(new SignatureFile.Entry("a\u001bb", 1, new int[16], new long[0])))
          .hasMessage("the id holds the control character U+001B at character 2");
      assertThatThrownBy(
              () -> writer.add(new SignatureFile.Entry("x\ud800", 1, new int[16], new long[0])))
          .hasMessageContaining("lone surrogate U+D800");
      assertThatThrownBy(() -> writer.add(new SignatureFile.Entry("a", 1, new int[3], new long[0])))
          .hasMessageContaining("params say 16");
      assertThatThrownBy(() -> writer.add(new SignatureFile.Entry("a", 1, new int[16], null)))
          .hasMessageContaining("has no shingle set");
      assertThatThrownBy(
              () -> writer.add(new SignatureFile.Entry("a", 1, new int[16], new long[] {5, 3})))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("not in ascending order");
    }
  }

  /**
   * A file made by hand (not by this writer) whose entry breaks the id rule stops the read at the
   * entry.
   */
  @Test
  void entriesWhoseIdBreaksTheRuleAreRejectedAsCorrupt() throws IOException {
    byte[] good = write(false, List.of(new SignatureFile.Entry("aXb", 1, new int[16], null)));
    int at = indexOf(good, "aXb".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    byte[] control = good.clone();
    control[at + 1] = 0x0b;
    assertThatThrownBy(() -> readAll(control))
        .isInstanceOf(CorruptFormatException.class)
        .hasMessageContaining(
            "test.nds: entry with an invalid id (it holds the control character U+000B at character"
                + " 2)");
    byte[] overlong = good.clone();
    overlong[at + 1] = (byte) 0xc0; // with the next byte 'b': not UTF-8
    assertThatThrownBy(() -> readAll(overlong))
        .isInstanceOf(CorruptFormatException.class)
        .hasMessageContaining("test.nds: entry whose id is not valid UTF-8");
  }

  private static int indexOf(byte[] bytes, byte[] part) {
    for (int i = 0; i + part.length <= bytes.length; i++) {
      if (Arrays.equals(bytes, i, i + part.length, part, 0, part.length)) {
        return i;
      }
    }
    throw new AssertionError("not found");
  }
}
