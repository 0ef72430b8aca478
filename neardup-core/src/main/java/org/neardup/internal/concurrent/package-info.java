/** Thread helpers: ranges of work over a pool of daemon workers. Not part of the API. */
package org.neardup.internal.concurrent;
