package org.neardup.cli;

import java.io.Console;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.DelegatingProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.neardup.batch.corpus.Progress;

/**
 * Progress on stderr, one stage at a time, with progressbar's percentage and ETA: a bar redrawn in
 * place on a terminal; elsewhere (a log, a pipe, a batch job) one line every {@value
 * #LOG_INTERVAL_SECONDS} seconds, and a last one when a stage ends, for stages that last that long
 * (so short runs write nothing). Thread-safe.
 */
public final class TerminalProgress implements Progress {
  /** Seconds between two lines of a stage when stderr is not a terminal. */
  static final int LOG_INTERVAL_SECONDS = 30;

  /**
   * The width of a line in a log: given, because progressbar would otherwise ask JLine for the
   * terminal's, at a cost a stage, for no terminal.
   */
  private static final int LOG_LINE_WIDTH = 100;

  private final long logIntervalMillis; // 0: a bar on a terminal
  private final Consumer<String> logLines;
  private ProgressBar bar;
  private volatile long stageStarted;

  private TerminalProgress(long logIntervalMillis, Consumer<String> logLines) {
    this.logIntervalMillis = logIntervalMillis;
    this.logLines = logLines;
  }

  /**
   * A bar when stderr is a terminal, lines every {@value #LOG_INTERVAL_SECONDS} s of a long stage
   * when it is not, and {@link Progress#NONE} when {@code quiet}.
   */
  public static Progress create(boolean quiet) {
    if (quiet) {
      return Progress.NONE;
    }
    if (stderrIsTerminal()) {
      return new TerminalProgress(0, null);
    }
    PrintStream err = System.err;
    return logged(LOG_INTERVAL_SECONDS * 1000L, line -> err.println("neardup: " + line.strip()));
  }

  /**
   * Progress as lines to {@code lines}, every {@code intervalMillis} of a stage that lasts that
   * long.
   */
  static TerminalProgress logged(long intervalMillis, Consumer<String> lines) {
    if (intervalMillis <= 0) {
      throw new IllegalArgumentException("interval must be positive, got " + intervalMillis);
    }
    return new TerminalProgress(intervalMillis, lines);
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
      return consoleIsTerminal();
    }
  }

  /**
   * Whether the JVM's console is a terminal: {@code Console.isTerminal()} where the runtime has it
   * (JDK 22 and later, whose console is there even when redirected), else whether there is one.
   */
  @SuppressWarnings("SystemConsoleNull") // null is checked first, then isTerminal() where it exists
  private static boolean consoleIsTerminal() {
    Console console = System.console();
    if (console == null) {
      return false;
    }
    try {
      return (Boolean) Console.class.getMethod("isTerminal").invoke(console);
    } catch (ReflectiveOperationException | RuntimeException e) {
      return true; // before JDK 22, a console is a terminal
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

  private ProgressBarBuilder builder(String stage, long total) {
    ProgressBarBuilder builder =
        new ProgressBarBuilder()
            .setTaskName(stage)
            .setInitialMax(total)
            .setStyle(ProgressBarStyle.ASCII);
    if (logIntervalMillis == 0) {
      return builder
          .setConsumer(new ConsoleProgressBarConsumer(System.err))
          .setUpdateIntervalMillis(250);
    }
    return builder
        .setConsumer(new DelegatingProgressBarConsumer(this::logLine, LOG_LINE_WIDTH))
        .continuousUpdate() // a line every interval, also when a stage is slow to advance
        .setUpdateIntervalMillis((int) Math.min(Integer.MAX_VALUE, logIntervalMillis));
  }

  /**
   * A rendered line, passed on once the stage has lasted an interval (the first render is at its
   * start).
   */
  private void logLine(String line) {
    if (System.nanoTime() - stageStarted >= logIntervalMillis * 1_000_000L) {
      logLines.accept(line);
    }
  }

  private void begin(ProgressBarBuilder builder) {
    finish();
    stageStarted = System.nanoTime();
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
