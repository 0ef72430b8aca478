package org.neardup.spark.session;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.DefaultConfiguration;
import org.apache.spark.SparkConf;

/**
 * The job's logging configuration ({@code log4j2.properties} beside this class: Spark's warnings
 * and errors only, on stderr), applied in the driver when nobody configured logging: log4j2 found
 * no configuration, or Spark loaded its own defaults (INFO), as it does under a plain {@code
 * spark-submit}. A configuration the user gives ({@code -Dlog4j2.configurationFile}, a {@code
 * log4j2.properties} in {@code SPARK_CONF_DIR}) is left alone. Stateless.
 */
public final class JobLogging {
  /** Where Spark keeps the defaults it loads when log4j2 found no configuration. */
  private static final String SPARK_DEFAULTS = "org/apache/spark/log4j2-";

  private JobLogging() {}

  /** Applies the job's configuration unless the user gave one; returns whether it did. */
  public static boolean configure() {
    // Spark's loggers live in the context of Spark's class loader (the job's may be a child of it).
    if (!(LogManager.getContext(SparkConf.class.getClassLoader(), false)
        instanceof LoggerContext context)) {
      return false; // another log4j2 implementation: not ours to change
    }
    if (!unconfigured(context.getConfiguration())) {
      return false;
    }
    URL own = JobLogging.class.getResource("log4j2.properties");
    if (own == null) {
      return false;
    }
    try {
      URI location = own.toURI();
      // Spark settles its logging first (loading its defaults, silently), so that it does not load
      // them again over ours when the session starts.
      new SparkConf(false).initializeLogIfNecessary(false, true);
      context.setConfigLocation(location);
      return true;
    } catch (URISyntaxException e) {
      return false;
    }
  }

  /** Whether {@code configuration} is log4j2's fallback or Spark's defaults. */
  static boolean unconfigured(Configuration configuration) {
    if (configuration instanceof DefaultConfiguration) {
      return true;
    }
    String location =
        configuration.getConfigurationSource() == null
            ? null
            : configuration.getConfigurationSource().getLocation();
    return location != null && location.contains(SPARK_DEFAULTS);
  }
}
