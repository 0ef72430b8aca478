/**
 * Deduplicating new documents against documents already kept ({@code --against}): references are
 * kept by definition and never written, and a new document is removed when it has a near-duplicate
 * among them. {@link org.neardup.batch.reference.ReferenceProbe} finds the pairs of a corpus's
 * documents with a {@link org.neardup.batch.reference.Reference}'s, exactly verified, for {@link
 * org.neardup.cluster.KeptSet}: by streaming the reference's documents (texts, signature files:
 * {@link org.neardup.batch.reference.StreamedReference}) through the corpus's LSH buckets, or by
 * looking each corpus document up in an index ({@link
 * org.neardup.batch.reference.LookupReference}).
 */
package org.neardup.batch.reference;
