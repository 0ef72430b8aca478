/**
 * The HTTP API on the JDK's server: routing, bearer tokens, size limits, JSON in and out, and
 * errors as {@code application/problem+json}. See {@code docs/server.md}.
 */
package org.neardup.server.http;
