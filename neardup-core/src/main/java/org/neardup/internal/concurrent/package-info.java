/** Thread helpers: ranges of work over a pool of daemon workers. Not part of the API. */
@Internal
package org.neardup.internal.concurrent;

import org.neardup.api.Internal;
