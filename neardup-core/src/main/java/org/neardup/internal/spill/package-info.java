/**
 * The stores of a batch run that go to temporary files past their share of the memory budget:
 * signatures and bucket keys, shingle sets, candidate pairs, the sets verification holds, the exact
 * join's ranks. Not part of the API.
 */
package org.neardup.internal.spill;
