/**
 * Who a public type of neardup-core is for, as annotations the API guard ({@code PublicApiTest})
 * reads: {@link org.neardup.api.Internal} for what only core itself uses. A leaf: it depends on
 * nothing.
 */
package org.neardup.api;
