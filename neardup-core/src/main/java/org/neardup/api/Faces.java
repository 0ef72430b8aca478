package org.neardup.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Public for neardup's faces, not for library users: a type (or a member of a user type) that the
 * command line, the service, the Spark job or the other modules need from the engine, such as the
 * service's storage seam or the external sorter. It may change in any release. The types without it
 * (and not {@link Internal}) are the library's: {@code docs/library.md} lists them, and {@code
 * PublicApiTest} checks the list and that no member meant for users names a type marked here.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.CONSTRUCTOR, ElementType.FIELD})
@Faces
public @interface Faces {}
