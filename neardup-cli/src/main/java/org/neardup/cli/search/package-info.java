/**
 * The query commands: {@code similar}, the k most similar documents to a text or a document, or the
 * documents that contain a passage, over an in-memory index of the inputs.
 */
package org.neardup.cli.search;
