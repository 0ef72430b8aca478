/**
 * The HTTP API on Jetty (its core API): the transport with its timeouts and caps, the Host check,
 * routing, bearer tokens, size limits, JSON in and out, and errors as {@code
 * application/problem+json}. See {@code docs/server.md} and {@code docs/security.md}.
 */
package org.neardup.server.http;
