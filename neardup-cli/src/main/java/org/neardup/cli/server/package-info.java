/**
 * The service's commands: {@code serve} (the HTTP service over a persistent index) and {@code index
 * build|rebuild|stats|check|backup} (bulk load and upkeep of the index).
 */
package org.neardup.cli.server;
