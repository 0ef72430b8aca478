package org.neardup.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.neardup.pipeline.Progress;

/** A progress bar on stderr, one stage at a time. Thread-safe. */
public final class TerminalProgress implements Progress {
  private ProgressBar bar;

  /** A bar when stderr is a terminal and not {@code quiet}; otherwise {@link Progress#NONE}. */
  public static Progress create(boolean quiet) {
    return !quiet && stderrIsTerminal() ? new TerminalProgress() : Progress.NONE;
  }

  /**
   * Whether standard error is a terminal. On Linux, /proc/self/fd/2 links to a tty device; where
   * that cannot be read, a console (stdin and stdout on a terminal) counts as yes.
   */
  static boolean stderrIsTerminal() {
    try {
      String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
      return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
    } catch (IOException | UnsupportedOperationException | SecurityException e) {
      return System.console() != null;
    }
  }

  @Override
  public synchronized void start(String stage, long total) {
    begin(builder(stage, total));
  }

  @Override
  public synchronized void startBytes(String stage, long totalBytes) {
    begin(builder(stage, totalBytes).setUnit(" MB", 1_000_000));
  }

  private static ProgressBarBuilder builder(String stage, long total) {
    return new ProgressBarBuilder()
        .setTaskName(stage)
        .setInitialMax(total)
        .setStyle(ProgressBarStyle.ASCII)
        .setConsumer(new ConsoleProgressBarConsumer(System.err))
        .setUpdateIntervalMillis(250);
  }

  private void begin(ProgressBarBuilder builder) {
    finish();
    bar = builder.build();
  }

  @Override
  public synchronized void advance(long steps) {
    if (bar != null) {
      bar.stepBy(steps);
    }
  }

  @Override
  public synchronized void finish() {
    if (bar != null) {
      bar.close();
      bar = null;
    }
  }
}
