/**
 * {@link org.neardup.error.NearDupException}, the root of the exceptions neardup throws on purpose
 * (bad input, incompatible signatures, corrupt files, a full disk): what a caller catches to tell
 * them from bugs. A leaf: it depends on no other package of neardup, so every package may throw it.
 */
package org.neardup.error;
