/**
 * Who a public type of neardup-core is for, as annotations the API guard ({@code PublicApiTest})
 * reads: unmarked types are for library users ({@code docs/library.md} lists them), {@link
 * org.neardup.api.Faces} marks what only neardup's faces need, {@link org.neardup.api.Internal}
 * what only core itself uses. A leaf: it depends on nothing.
 */
package org.neardup.api;
