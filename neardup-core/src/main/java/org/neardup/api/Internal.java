package org.neardup.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Not API: a package, or a type, public only because other packages of neardup-core use it. It may
 * change or go in any release; no other module uses it ({@code PublicApiTest} lists these types
 * apart and fails when a public member of the API names one).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.PACKAGE, ElementType.TYPE})
@Faces
public @interface Internal {}
