/**
 * Stage 2, normalization: NFKC, lower-casing, punctuation stripping and whitespace collapsing, as
 * configured by a {@link org.neardup.text.NormalizerConfig}. Defaults: NFKC on, lower-case on,
 * punctuation kept, whitespace runs collapsed to one space and trimmed.
 */
package org.neardup.text;
