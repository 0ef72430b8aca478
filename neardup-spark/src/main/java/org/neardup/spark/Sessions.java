package org.neardup.spark;

import org.apache.spark.SparkConf;
import org.apache.spark.sql.SparkSession;

/**
 * Creates the job's {@link SparkSession}: the settings {@code spark-submit} passed (system
 * properties {@code spark.*}) win; without a master, {@code local[*]}. Stateless.
 */
public final class Sessions {
  private Sessions() {}

  /**
   * The session for a run.
   *
   * @param master the master to use when {@code spark-submit} gave none (null: {@code local[*]})
   */
  public static SparkSession create(String master) {
    SparkConf conf = new SparkConf();
    if (!conf.contains("spark.master")) {
      conf.setMaster(master != null ? master : "local[*]");
    } else if (master != null) {
      conf.setMaster(master);
    }
    if (!conf.contains("spark.app.name")) {
      conf.setAppName("neardup");
    }
    if (conf.get("spark.master").startsWith("local")) {
      conf.setIfMissing("spark.ui.enabled", "false");
      conf.setIfMissing("spark.driver.host", "127.0.0.1");
      conf.setIfMissing("spark.driver.bindAddress", "127.0.0.1");
    }
    return SparkSession.builder().config(conf).getOrCreate();
  }
}
