package org.neardup.batch.reference;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.neardup.config.PipelineConfig;
import org.neardup.index.Match;
import org.neardup.index.NearDupIndex;
import org.neardup.sketch.Sketch;

/** A {@link NearDupIndex} as a reference: its threshold query for each document. */
final class IndexReference implements LookupReference {
  private final NearDupIndex<?> index;
  private final String name;

  IndexReference(NearDupIndex<?> index, String name) {
    this.index = Objects.requireNonNull(index, "index");
    this.name = Objects.requireNonNull(name, "name");
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public PipelineConfig config() {
    return index.config();
  }

  @Override
  public long size() {
    return index.size();
  }

  @Override
  public List<Match<String>> matches(Sketch sketch) {
    List<? extends Match<?>> found = index.query(sketch);
    List<Match<String>> matches = new ArrayList<>(found.size());
    for (Match<?> match : found) {
      matches.add(new Match<>(match.key().toString(), match.similarity()));
    }
    return matches;
  }
}
