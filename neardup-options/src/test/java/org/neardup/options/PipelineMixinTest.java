package org.neardup.options;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.neardup.config.PipelineConfig;
import org.neardup.lsh.LshParams;
import org.neardup.shingle.ShingleConfig;
import org.neardup.verify.VerifyMode;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * The pipeline's options on a command of their own, as the CLI's and the Spark job's commands take
 * them.
 */
class PipelineMixinTest {
  @Command(name = "job")
  static final class Job {
    @Mixin PipelineMixin pipeline;
  }

  private static PipelineMixin parse(String... args) {
    Job job = new Job();
    new CommandLine(job).parseArgs(args);
    return job.pipeline;
  }

  @Test
  void theDefaultsAreThoseOfThePairsCommand() {
    PipelineMixin options = parse();
    PipelineConfig config = options.config();
    assertThat(config.threshold()).isEqualTo(PipelineConfig.DEFAULT_THRESHOLD);
    assertThat(config.shingle()).isEqualTo(ShingleConfig.chars(5));
    assertThat(config.minHash().numPermutations()).isEqualTo(128);
    assertThat(config.verify()).isEqualTo(VerifyMode.EXACT);
    assertThat(options.anyGiven()).isFalse();
  }

  @Test
  void givenOptionsMakeTheirConfig() {
    PipelineMixin options =
        parse("-t", "0.5", "--shingle", "char:9", "--bands", "16", "--rows", "8", "--estimate");
    PipelineConfig config = options.config();
    assertThat(config.threshold()).isEqualTo(0.5);
    assertThat(config.shingle()).isEqualTo(ShingleConfig.chars(9));
    assertThat(config.banding()).isEqualTo(LshParams.of(16, 8));
    assertThat(config.verify()).isEqualTo(VerifyMode.ESTIMATE);
    assertThat(options.anyGiven()).isTrue();
  }

  @Test
  void aBadCombinationIsAUsageExceptionThatNamesTheOptions() {
    assertThatThrownBy(() -> parse("--bands", "20", "--rows", "7").config())
        .isInstanceOf(UsageException.class)
        .hasMessage(
            "--bands 20 with --rows 7 needs 140 signature values, but --permutations is 128");
    assertThatThrownBy(() -> parse("--bands", "20").config())
        .isInstanceOf(UsageException.class)
        .hasMessage("--bands and --rows go together");
    assertThatThrownBy(() -> parse("-t", "1.5").config())
        .isInstanceOf(UsageException.class)
        .hasMessage("threshold must be in (0, 1], got 1.5");
  }
}
