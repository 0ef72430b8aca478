package org.neardup.batch.spill;

import java.util.Objects;
import java.util.function.Function;

/**
 * How the stages outside {@code org.neardup.batch.corpus} reach the signature store of a corpus,
 * which the corpus keeps out of its public API: the corpus package registers the accessor once,
 * when its {@code Corpus} class is initialized (so before any corpus exists), as the JDK's {@code
 * SharedSecrets} do. This package cannot name {@code Corpus} (that would make a package cycle),
 * hence the type given at registration and checked on every call. Not part of the API.
 */
public final class CorpusStores {
  private static volatile Registered<?> registered;

  private CorpusStores() {}

  /**
   * Registers how to get the signature store of a {@code corpusType}.
   *
   * @throws IllegalStateException when an accessor is registered already
   */
  public static synchronized <C> void register(
      Class<C> corpusType, Function<C, SignatureStore> signatures) {
    if (registered != null) {
      throw new IllegalStateException("the corpus accessor is registered already");
    }
    registered =
        new Registered<>(
            Objects.requireNonNull(corpusType, "corpusType"),
            Objects.requireNonNull(signatures, "signatures"));
  }

  /**
   * The signature store of {@code corpus}.
   *
   * @throws IllegalArgumentException when {@code corpus} is not of the registered corpus type
   */
  public static SignatureStore signatures(Object corpus) {
    Registered<?> accessor = registered;
    if (accessor == null) {
      throw new IllegalStateException(
          "no corpus accessor registered (the corpus class was not initialized)");
    }
    return accessor.signatures(corpus);
  }

  private record Registered<C>(Class<C> corpusType, Function<C, SignatureStore> accessor) {
    SignatureStore signatures(Object corpus) {
      if (!corpusType.isInstance(corpus)) {
        throw new IllegalArgumentException("not a " + corpusType.getName() + ": " + corpus);
      }
      return accessor.apply(corpusType.cast(corpus));
    }
  }
}
