package org.neardup.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** Progress where stderr is not a terminal: lines for long stages only. */
class TerminalProgressTest {
  @Test
  void aLongStageWritesLinesWithItsNameAndPercentageAndAShortOneWritesNothing()
      throws InterruptedException {
    List<String> lines = new CopyOnWriteArrayList<>();
    TerminalProgress progress = TerminalProgress.logged(100, lines::add);

    progress.start("quick stage", 10);
    progress.advance(10);
    progress.finish();
    assertThat(lines).as("a stage shorter than the interval").isEmpty();

    progress.start("long stage", 200);
    progress.advance(50);
    for (long waited = 0; lines.isEmpty() && waited < 10_000; waited += 20) {
      Thread.sleep(20); // a line comes once the stage has lasted the interval, whatever else runs
    }
    progress.advance(150);
    progress.finish();
    assertThat(lines)
        .as("lines of the long stage")
        .hasSizeGreaterThanOrEqualTo(2)
        .allMatch(line -> line.contains("long stage"));
    assertThat(lines.get(0)).contains("25%");
    assertThat(lines.get(lines.size() - 1))
        .as("the last line, when the stage ends")
        .contains("100%");
  }

  @Test
  void anIntervalMustBePositive() {
    assertThatThrownBy(() -> TerminalProgress.logged(0, line -> {}))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
