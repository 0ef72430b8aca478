/**
 * Implementation helpers shared by the stages: the handle table of the in-memory indexes ({@link
 * org.neardup.internal.Handles}). Not part of the API.
 */
@Internal
package org.neardup.internal;

import org.neardup.api.Internal;
