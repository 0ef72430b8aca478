/**
 * The only code that touches Spark's API. It is loaded only inside the Spark contenders' child
 * processes, which have Spark's jars on their class path; the harness and the other contenders
 * never load it.
 */
package org.neardup.bench.spark;
