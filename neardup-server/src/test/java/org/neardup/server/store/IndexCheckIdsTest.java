package org.neardup.server.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.config.PipelineConfig;
import org.neardup.index.IndexSettings;

/**
 * {@code index check} finds keys the API cannot address: an index written by a library user, or
 * before the rule.
 */
class IndexCheckIdsTest {
  @TempDir Path dir;

  @Test
  void keysThatBreakTheIdRuleAreReportedEscaped() {
    IndexSettings settings = IndexSettings.of(PipelineConfig.builder().threads(1).build(), true);
    try (IndexDirectory directory =
        IndexDirectory.open(
            dir.resolve("index"), new IndexDirectory.Options(settings, true, true, 16L << 20, 1))) {
      directory.index().add("fine", "apples and oranges and pears");
      directory.index().add("esc\u001b[2J", "cars and trains and buses");
      IndexCheck.Report report = directory.check();
      assertThat(report.ok()).isFalse();
      assertThat(report.problems()).hasSize(1);
      assertThat(report.problems().get(0))
          .matches(
              "document \\d+: invalid id 'esc\\\\u001B\\[2J' \\(it holds the"
                  + " control character U\\+001B at character 4\\)");
    }
  }
}
