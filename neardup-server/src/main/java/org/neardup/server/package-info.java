/**
 * The online dedup service: {@link org.neardup.server.NearDupServer} serves a persistent index
 * ({@link org.neardup.server.store}) over HTTP ({@link org.neardup.server.http}), with group commit
 * ({@link org.neardup.server.GroupCommitWriter}), Prometheus metrics and a local admin socket.
 */
package org.neardup.server;
