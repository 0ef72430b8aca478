package org.neardup.spark.input;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import org.apache.hadoop.conf.Configuration;

/**
 * The driver's Hadoop configuration (file systems, credentials set with {@code spark.hadoop.*}),
 * shipped to tasks: Hadoop's {@link Configuration} is not serializable. Immutable once made.
 */
public final class HadoopConf implements Serializable {
  private static final long serialVersionUID = 1L;

  private transient Configuration configuration;

  public HadoopConf(Configuration configuration) {
    this.configuration = new Configuration(configuration);
  }

  /** The configuration (do not modify it). */
  public Configuration get() {
    return configuration;
  }

  private void writeObject(ObjectOutputStream out) throws IOException {
    out.defaultWriteObject();
    configuration.write(out);
  }

  private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
    in.defaultReadObject();
    configuration = new Configuration(false);
    configuration.readFields(in);
  }
}
