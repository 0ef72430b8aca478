package org.neardup.server.http;

import java.util.Collection;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The {@code Host} header check against DNS rebinding: a web page whose name an attacker points at
 * 127.0.0.1 makes the browser send its own name as {@code Host}. Allowed are the loopback names and
 * addresses ({@code localhost}, 127.0.0.0/8, {@code [::1]}), the address the server is bound to,
 * and the names given with {@code --allowed-host}; anything else is refused with 421. A request
 * without {@code Host} (HTTP/1.0) is allowed: browsers always send one. Thread-safe (immutable).
 */
final class HostCheck {
  private static final Pattern LOOPBACK_V4 =
      Pattern.compile("127\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}");
  private static final Set<String> LOOPBACK = Set.of("localhost", "[::1]", "[0:0:0:0:0:0:0:1]");

  private final Set<String> allowed = new TreeSet<>();

  /**
   * @param bindHost the address the server listens on (allowed unless a wildcard)
   * @param extra more names or addresses to allow, with or without a port
   */
  HostCheck(String bindHost, Collection<String> extra) {
    String bound =
        name(bindHost.contains(":") && !bindHost.startsWith("[") ? "[" + bindHost + "]" : bindHost);
    if (!bound.equals("0.0.0.0") && !bound.equals("[::]") && !bound.equals("[0:0:0:0:0:0:0:0]")) {
      allowed.add(bound);
    }
    for (String host : extra) {
      allowed.add(name(host));
    }
  }

  /** Refuses (421) a {@code Host} header that names none of the allowed hosts. */
  void check(String host) {
    if (host == null) {
      return;
    }
    String name = name(host);
    if (LOOPBACK.contains(name) || LOOPBACK_V4.matcher(name).matches() || allowed.contains(name)) {
      return;
    }
    String shown = host.length() > 100 ? host.substring(0, 100) + "..." : host;
    throw new ApiException(
        421,
        "Misdirected request",
        "this server does not answer for Host '"
            + shown
            + "' (it answers for localhost, 127.0.0.1, [::1]"
            + (allowed.isEmpty() ? "" : ", " + String.join(", ", allowed))
            + "; serve --allowed-host NAME adds a name)");
  }

  /** The host of a {@code Host} value: without the port, lower case, without a final dot. */
  static String name(String host) {
    String name = host.strip().toLowerCase(Locale.ROOT);
    if (name.startsWith("[")) {
      int end = name.indexOf(']');
      return end < 0 ? name : name.substring(0, end + 1);
    }
    int colon = name.indexOf(':');
    if (colon >= 0 && name.indexOf(':', colon + 1) < 0) {
      name = name.substring(0, colon);
    }
    return name.endsWith(".") ? name.substring(0, name.length() - 1) : name;
  }
}
