/**
 * Primitive collections: {@link org.neardup.collect.LongIntHashMap}, an open-addressing map from
 * long keys (bucket keys, shingle hashes) to int values without boxing, used by the joins, the
 * containment query and the service's store.
 *
 * <p>Public API, stable like the rest of core: a change to it is made on purpose and recorded in
 * {@code PublicApiTest}'s list.
 */
package org.neardup.collect;
