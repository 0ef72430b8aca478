/**
 * The stores of a batch run that go to temporary files past their share of the memory budget:
 * signatures and bucket keys, shingle sets, candidate pairs, the sets verification holds, the exact
 * join's ranks, and the int log the candidate pairs go through. Not part of the API.
 */
@Internal
package org.neardup.batch.spill;

import org.neardup.api.Internal;
