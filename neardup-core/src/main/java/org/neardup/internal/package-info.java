/**
 * Implementation helpers shared by the stages: the handle table of the in-memory indexes and an
 * append-only int log that spills to disk. Not part of the API.
 */
package org.neardup.internal;
