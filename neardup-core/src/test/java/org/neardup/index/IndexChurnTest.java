package org.neardup.index;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.neardup.config.PipelineConfig;
import org.neardup.sketch.DocumentSketcher;
import org.neardup.sketch.Sketch;
import org.neardup.synth.CorpusGenerator;
import org.neardup.synth.GeneratedCorpus;

/**
 * No leak under churn: an index that took 1,000,000 inserts and as many removals holds, once they
 * are gone, within 10% of the heap of an index that only ever held the documents still live. Heap
 * is measured after full garbage collections, as the difference from a baseline taken with the same
 * sketches alive (so only the index's own structures count).
 */
class IndexChurnTest {
  private static final int LIVE = 20_000;
  private static final int WAVES = 10;
  private static final int WAVE = 100_000;

  @Test
  void aMillionInsertsAndRemovalsLeaveNoMoreHeapThanAFreshIndex() throws InterruptedException {
    PipelineConfig config = PipelineConfig.builder().threads(1).build();
    DocumentSketcher sketcher = DocumentSketcher.create(config.sketch());
    GeneratedCorpus corpus = new CorpusGenerator(LIVE + 1000, 0.3, 3, 0.25, 10, 60, 23).generate();
    Sketch[] live = new Sketch[LIVE];
    Sketch[] churn = new Sketch[1000]; // reused by the churned documents: many share buckets
    for (int i = 0; i < LIVE + churn.length; i++) {
      Sketch sketch = sketcher.sketch(corpus.texts().get(i));
      sketch.shingleSet();
      if (i < LIVE) {
        live[i] = sketch;
      } else {
        churn[i - LIVE] = sketch;
      }
    }
    List<String> ids = corpus.ids();

    long base = usedHeap();
    NearDupIndex<String> fresh = NearDupIndex.inMemory(config);
    for (int i = 0; i < LIVE; i++) {
      fresh.add(ids.get(i), live[i]);
    }
    long freshBytes = usedHeap() - base;
    assertThat(fresh.size()).isEqualTo(LIVE);
    fresh = null;

    base = usedHeap();
    NearDupIndex<String> churned = NearDupIndex.inMemory(config);
    int added = 0;
    long cycles = 0;
    for (int wave = 0; wave < WAVES; wave++) {
      for (int i = 0; i < WAVE; i++) {
        churned.add("churn-" + wave + "-" + i, churn[i % churn.length]);
      }
      for (int until = (wave + 1) * LIVE / WAVES; added < until; added++) {
        churned.add(ids.get(added), live[added]);
      }
      for (int i = 0; i < WAVE; i++) {
        assertThat(churned.remove("churn-" + wave + "-" + i)).isTrue();
        cycles++;
      }
    }
    long churnedBytes = usedHeap() - base;

    System.out.printf(
        "churn: fresh index %,d bytes, after %,d insert/remove cycles %,d bytes%n",
        freshBytes, cycles, churnedBytes);
    assertThat(cycles).isEqualTo(1_000_000);
    assertThat(churned.size()).isEqualTo(LIVE);
    assertThat(churned.query(corpus.texts().get(5))).extracting(Match::key).contains(ids.get(5));
    assertThat((double) churnedBytes)
        .as(
            "heap of the churned index (%,d bytes) against a fresh one (%,d bytes)",
            churnedBytes, freshBytes)
        .isCloseTo(freshBytes, org.assertj.core.api.Assertions.within(0.10 * freshBytes));
  }

  private static long usedHeap() throws InterruptedException {
    long used = Long.MAX_VALUE;
    for (int i = 0; i < 4; i++) {
      System.gc();
      Thread.sleep(40);
      used = Math.min(used, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
    }
    return used;
  }
}
