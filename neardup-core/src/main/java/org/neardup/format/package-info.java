/**
 * Persisted byte layouts. {@link org.neardup.format.SignatureFormat} owns the signature encoding
 * (magic, version, scheme, seed, n, shingle and normalization settings, values), shared by every
 * face of neardup; reading a mismatched or corrupt one is an error, never silent garbage.
 */
package org.neardup.format;
