package org.neardup.index;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.neardup.lsh.Banding;
import org.neardup.lsh.LshParams;
import org.neardup.sketch.DocumentSketcher;
import org.neardup.verify.Jaccard;

/**
 * The two guarantees of a kept set built online (adds that store a document only when nothing held
 * is its near-duplicate), checked by exact Jaccard over the documents offered: every refused
 * document has a held near-duplicate at the threshold or above (the one named, at the similarity
 * named), and no two held documents are a pair unless LSH could not have seen it (they share no
 * band), which happens at most {@value #MAX_MISSED_BY_LSH} times.
 */
public final class KeptSetCheck {
  /** Held pairs that LSH may miss (they share no band) before the check fails. */
  public static final int MAX_MISSED_BY_LSH = 2;

  /**
   * What a refused document was answered.
   *
   * @param heldId the held document it duplicates
   * @param similarity their similarity, as answered
   */
  public record Refusal(String heldId, double similarity) {}

  /** Whether the writer holds a document, asked by id (in memory, or of a server). */
  @FunctionalInterface
  public interface Holdings {
    /** Whether the document of {@code id} is held; may assert more about it, e.g. its text. */
    boolean holds(String id, String text) throws Exception;
  }

  private KeptSetCheck() {}

  /**
   * Asserts both guarantees.
   *
   * @param ids the documents offered, by position
   * @param texts their texts, by the same positions
   * @param refused each refused document by id, with what it was answered
   * @param held whether the writer holds a document; asserted true exactly for the documents not
   *     refused
   * @param sketcher the writer's sketcher
   * @param banding the writer's banding
   * @param threshold the writer's threshold
   */
  public static void assertBothGuarantees(
      List<String> ids,
      List<String> texts,
      Map<String, Refusal> refused,
      Holdings held,
      DocumentSketcher sketcher,
      LshParams banding,
      double threshold)
      throws Exception {
    Banding bands = new Banding(banding);
    Map<String, long[]> sets = new HashMap<>();
    Map<String, long[]> keys = new HashMap<>();
    List<String> kept = new ArrayList<>();
    for (int i = 0; i < ids.size(); i++) {
      String id = ids.get(i);
      String text = texts.get(i);
      sets.put(id, sketcher.shingleSet(text));
      assertThat(held.holds(id, text)).as(id).isEqualTo(!refused.containsKey(id));
      if (!refused.containsKey(id)) {
        kept.add(id);
        keys.put(id, bands.bucketKeys(sketcher.sketch(text).signature()));
      }
    }
    for (Map.Entry<String, Refusal> e : refused.entrySet()) {
      Refusal refusal = e.getValue();
      assertThat(keys)
          .as("%s duplicates %s, which is held", e.getKey(), refusal.heldId())
          .containsKey(refusal.heldId());
      double exact = Jaccard.similarity(sets.get(e.getKey()), sets.get(refusal.heldId()));
      assertThat(exact).isEqualTo(refusal.similarity()).isGreaterThanOrEqualTo(threshold);
    }
    int missedByLsh = 0;
    for (int i = 0; i < kept.size(); i++) {
      for (int j = i + 1; j < kept.size(); j++) {
        String a = kept.get(i);
        String b = kept.get(j);
        if (Jaccard.similarityAtLeast(sets.get(a), sets.get(b), threshold) != Jaccard.BELOW) {
          assertThat(shareABand(keys.get(a), keys.get(b)))
              .as("held pair %s, %s found by LSH", a, b)
              .isFalse();
          missedByLsh++;
        }
      }
    }
    assertThat(missedByLsh).isLessThanOrEqualTo(MAX_MISSED_BY_LSH);
  }

  private static boolean shareABand(long[] a, long[] b) {
    for (int band = 0; band < a.length; band++) {
      if (a[band] == b[band]) {
        return true;
      }
    }
    return false;
  }
}
