/**
 * Queries beyond a similarity threshold, exact like the rest: the k most similar documents ({@link
 * org.neardup.search.TopKPlan}: an anytime search over the threshold banding and a floor banding)
 * and the documents that contain most of a text ({@link org.neardup.search.ContainmentPlan}: a
 * coordinated shingle sample, prefix filtering and exact containment). The plans say what is
 * promised (the top-k floor, the smallest containment query). Nothing here knows where documents
 * are kept: a containment query reads any {@link org.neardup.search.Postings}, a top-k search
 * offers what it verified to a {@link org.neardup.search.TopKCollector}. The online index ({@code
 * index}: its {@code TopKSearch} and {@code ContainmentSearch} run the plans over its stores) and
 * the batch job ({@code batch.ContainmentFinder}) use them. {@link org.neardup.search.ExactTopK} is
 * the brute-force reference.
 */
package org.neardup.search;
