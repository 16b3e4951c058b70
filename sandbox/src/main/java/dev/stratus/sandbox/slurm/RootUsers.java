package dev.stratus.sandbox.slurm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The users of this machine as the Slurm root sees them. slurmctld and slurmd run inside the root
 * and look users up in its {@code /etc/passwd} and {@code /etc/group}: a job of a user they do not
 * know is refused ({@code Invalid user id}) and the Prolog cannot give it its checkpoint directory.
 * On a real site every node knows every user (one directory service); here this machine's regular
 * users and groups (ids {@value #FIRST_ID}–{@value #LAST_ID}) are copied into the root, with their
 * ids, unless the root already has that name or id (the root's own system users stay as they are).
 */
public final class RootUsers {
  static final int FIRST_ID = 1000;
  static final int LAST_ID = 59999;

  private RootUsers() {}

  /** Adds to {@code root}'s passwd and group what this machine has and the root lacks. */
  public static void sync(Path root) throws IOException {
    sync(Path.of("/etc"), root.resolve("etc"));
  }

  static void sync(Path hostEtc, Path rootEtc) throws IOException {
    for (String file : List.of("passwd", "group")) {
      Path into = rootEtc.resolve(file);
      List<String> host = Files.readAllLines(hostEtc.resolve(file), StandardCharsets.UTF_8);
      List<String> mine = Files.readAllLines(into, StandardCharsets.UTF_8);
      List<String> missing = missing(host, mine);
      if (!missing.isEmpty()) {
        List<String> merged = new ArrayList<>(mine);
        merged.addAll(missing);
        // a cluster starting beside another reads either the old file or the new one, never half
        Path tmp = Files.createTempFile(rootEtc, "." + file, ".stratus");
        Files.write(tmp, merged, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(tmp, Files.getPosixFilePermissions(into));
        Files.move(tmp, into, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      }
    }
  }

  /**
   * The lines of {@code host} (passwd or group: name, then a field, then the id) for a regular id
   * that {@code root} has neither by name nor by id; pure.
   */
  static List<String> missing(List<String> host, List<String> root) {
    Set<String> names = new HashSet<>();
    Set<String> ids = new HashSet<>();
    for (String line : root) {
      String[] f = line.split(":", -1);
      if (f.length >= 3) {
        names.add(f[0]);
        ids.add(f[2]);
      }
    }
    List<String> out = new ArrayList<>();
    for (String line : host) {
      String[] f = line.split(":", -1);
      if (f.length < 3 || !regular(f[2]) || names.contains(f[0]) || ids.contains(f[2])) {
        continue;
      }
      names.add(f[0]);
      ids.add(f[2]);
      out.add(line);
    }
    return out;
  }

  private static boolean regular(String id) {
    try {
      int n = Integer.parseInt(id);
      return n >= FIRST_ID && n <= LAST_ID;
    } catch (NumberFormatException e) {
      return false;
    }
  }
}
