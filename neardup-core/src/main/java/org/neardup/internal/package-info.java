/** Implementation helpers shared by the stages (primitive collections). Not part of the API. */
package org.neardup.internal;
