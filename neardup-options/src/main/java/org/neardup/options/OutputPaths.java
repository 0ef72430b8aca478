package org.neardup.options;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The checks every output path passes before a command does any work, and where the output really
 * goes. An output must not be any of the inputs (compared with {@link Files#isSameFile}, so a
 * different spelling of the path, a symbolic link and a hard link are all recognised) nor lie
 * inside an input directory; it must not be a directory; its directory must exist; an existing file
 * must be writable. Stateless.
 */
public final class OutputPaths {
  private OutputPaths() {}

  /**
   * Where to write, and how.
   *
   * @param destination the file to write: the output with a symbolic link resolved
   * @param direct whether to write it in place (a device, a pipe, a path under /dev or /proc)
   *     instead of through a temporary file
   */
  record Resolved(Path destination, boolean direct) {}

  /**
   * Checks a file output against the inputs and resolves where it goes.
   *
   * @throws UsageException saying what is wrong with it
   */
  static Resolved resolve(Path output, Collection<Path> inputs) {
    if (output.toString().isEmpty()) {
      throw new UsageException("the output file name is empty");
    }
    if (Files.isDirectory(output)) {
      throw new UsageException(output + ": is a directory (expected a file name)");
    }
    checkNotAnInput(output, inputs);
    Path destination = output;
    if (Files.isSymbolicLink(output)) {
      destination = linkTarget(output);
    }
    Path absolute = output.toAbsolutePath().normalize();
    boolean special = absolute.startsWith("/dev/") || absolute.startsWith("/proc/");
    if (special || (Files.exists(destination) && !Files.isRegularFile(destination))) {
      return new Resolved(destination, true);
    }
    Path directory = destination.toAbsolutePath().getParent();
    if (directory != null && Files.exists(directory) && !Files.isDirectory(directory)) {
      throw new UsageException(output + ": cannot write: " + directory + " is not a directory");
    }
    if (directory == null || !Files.isDirectory(directory)) {
      throw new UsageException(
          output
              + ": cannot write: directory "
              + (directory == null ? "/" : directory)
              + " does not exist");
    }
    if (Files.exists(destination) && !Files.isWritable(destination)) {
      throw new UsageException(
          output + ": cannot write: permission denied (the file is read-only)");
    }
    return new Resolved(destination, false);
  }

  /**
   * Refuses an output that is one of the inputs, or lies inside an input directory.
   *
   * @throws UsageException naming both
   */
  public static void checkNotAnInput(Path output, Collection<Path> inputs) {
    for (Path input : inputs) {
      if (!Files.exists(input)) {
        continue; // reported when read
      }
      if (Files.isDirectory(input)) {
        if (isInside(output, input)) {
          throw new UsageException(
              output
                  + ": is inside the input directory "
                  + input
                  + ": writing there would change the input");
        }
      } else if (Files.exists(output) && sameFile(output, input)) {
        throw new UsageException(
            output + ": is also an input (" + input + "): writing it would destroy the input");
      }
    }
  }

  /**
   * Refuses two outputs that are one file: the same path spelled differently, a symbolic link to
   * the other (existing or not yet), or a hard link to it. Each would be written over the other.
   *
   * @param outputs each output's option and path (null paths are skipped)
   * @throws UsageException naming both options
   */
  public static void checkDistinct(Map<String, Path> outputs) {
    List<Map.Entry<String, Path>> named = new ArrayList<>();
    for (Map.Entry<String, Path> output : outputs.entrySet()) {
      if (output.getValue() != null) {
        named.add(output);
      }
    }
    for (int i = 0; i < named.size(); i++) {
      for (int j = i + 1; j < named.size(); j++) {
        Path a = named.get(i).getValue();
        Path b = named.get(j).getValue();
        boolean same =
            whereItGoes(a).equals(whereItGoes(b))
                || (Files.exists(a) && Files.exists(b) && sameFile(a, b));
        if (same) {
          throw new UsageException(
              named.get(i).getKey()
                  + " "
                  + a
                  + " and "
                  + named.get(j).getKey()
                  + " "
                  + b
                  + " are the same file: one would be written over the other; give each output"
                  + " a file of its own");
        }
      }
    }
  }

  /**
   * The file {@code output} writes, as an absolute path with every link resolved that exists,
   * whether or not the file does: a symbolic link to a file not yet there is followed to it.
   */
  private static Path whereItGoes(Path output) {
    Path target = Files.isSymbolicLink(output) ? linkTarget(output) : output;
    Path absolute = target.toAbsolutePath().normalize();
    Path existing = absolute;
    Path rest = Path.of("");
    while (existing != null && !Files.exists(existing)) {
      rest = existing.getFileName().resolve(rest);
      existing = existing.getParent();
    }
    try {
      return existing == null ? absolute : existing.toRealPath().resolve(rest).normalize();
    } catch (IOException e) {
      return absolute;
    }
  }

  private static boolean sameFile(Path a, Path b) {
    try {
      return Files.isSameFile(a, b);
    } catch (IOException e) {
      return false;
    }
  }

  /** Whether {@code path}, existing or not, is {@code directory} or lies under it. */
  private static boolean isInside(Path path, Path directory) {
    try {
      Path realDirectory = directory.toRealPath();
      Path existing = path.toAbsolutePath().normalize();
      Path rest = Path.of("");
      while (existing != null && !Files.exists(existing)) {
        rest = existing.getFileName().resolve(rest);
        existing = existing.getParent();
      }
      if (existing == null) {
        return false;
      }
      return existing.toRealPath().resolve(rest).normalize().startsWith(realDirectory);
    } catch (IOException e) {
      return false;
    }
  }

  /** The file a symbolic link points to (which may not exist yet), followed to the end. */
  private static Path linkTarget(Path link) {
    try {
      if (Files.exists(link)) {
        return link.toRealPath();
      }
      Path target = link;
      for (int hops = 0; hops < 40 && Files.isSymbolicLink(target); hops++) {
        Path next = Files.readSymbolicLink(target);
        Path parent = target.toAbsolutePath().getParent();
        target = parent == null ? next : parent.resolve(next).normalize();
      }
      return target;
    } catch (IOException e) {
      throw new UsageException(link + ": cannot follow the symbolic link: " + IoErrors.reason(e));
    }
  }

  /**
   * A new hidden sibling name for a temporary version of {@code target}: {@code .NAME.HEX.tmp},
   * with NAME cut to 100 characters so that a long but valid target name still leaves room.
   */
  static Path temporarySibling(Path target) {
    String name = target.getFileName().toString();
    String shortened = name.length() > 100 ? name.substring(0, 100) : name;
    return target.resolveSibling(
        "." + shortened + "." + Long.toHexString(System.nanoTime()) + ".tmp");
  }

  /** Extra words for a failure to create a file in {@code destination}'s directory. */
  static String hint(IOException e, Path destination) {
    if (e instanceof AccessDeniedException) {
      Path directory = destination.toAbsolutePath().getParent();
      return " (cannot create a file in " + directory + ")";
    }
    return "";
  }

  /**
   * Gives {@code temporary} the POSIX permissions of {@code destination}, when it exists; best
   * effort.
   */
  static void copyPermissions(Path destination, Path temporary) {
    try {
      if (Files.exists(destination)) {
        Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(destination);
        Files.setPosixFilePermissions(temporary, permissions);
      }
    } catch (IOException | UnsupportedOperationException e) {
      // Not a POSIX file system, or not ours to change: the default permissions stay.
    }
  }
}
