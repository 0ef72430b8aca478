/**
 * The job's Spark session and what it needs on a cluster: the session itself ({@link
 * org.neardup.spark.session.Sessions}: master, application name, the job's jar shipped to
 * executors), the job's logging configuration, the watch for executors that never come, and the
 * one-line account of a cluster failure with its exit code.
 */
package org.neardup.spark.session;
