package org.neardup.bench.contender;

import java.util.List;

/** A contender that runs Spark in its child process: Spark's jars and JVM options. */
abstract class SparkContender implements Contender {
  @Override
  public List<String> jvmOptions() {
    return SparkJvm.OPTIONS;
  }

  @Override
  public boolean needsSpark() {
    return true;
  }
}
