package dev.stratus.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.nio.file.attribute.UserPrincipalNotFoundException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Who may use the spool and the hook log. slurmctld runs the launchers as its SlurmUser, and they
 * write requests into the spool; the controller, under its own user, reads and deletes them (see
 * {@code Spool}: files are {@code rw-r--r--}). So the spool directory keeps its owner (the
 * controller's user: the package creates it so) and gets SlurmUser's primary group with mode 2770:
 * the group writes, setgid keeps new entries in it, nobody else looks in. The log becomes
 * SlurmUser's own file ({@code rw-r-----}).
 */
final class HookAccess {
  /** A user and its primary group. */
  record SlurmUser(String name, UserPrincipal user, GroupPrincipal group) {}

  private static final int SPOOL_MODE = 02770;

  private HookAccess() {}

  /**
   * @throws IllegalArgumentException naming the user when there is no such user
   */
  static SlurmUser lookUp(String name) throws IOException {
    UserPrincipalLookupService lookup =
        Path.of("/").getFileSystem().getUserPrincipalLookupService();
    try {
      return new SlurmUser(
          name, lookup.lookupPrincipalByName(name), lookup.lookupPrincipalByGroupName(group(name)));
    } catch (UserPrincipalNotFoundException e) {
      throw new IllegalArgumentException("--slurm-user '" + name + "': no such user", e);
    }
  }

  /** Creates the spool and the log if missing and, for {@code user}, lets it write both. */
  static String prepare(Path spool, Path log, Optional<SlurmUser> user) throws IOException {
    Files.createDirectories(spool);
    Files.createDirectories(log.getParent());
    if (!Files.exists(log)) {
      Files.createFile(
          log, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-r-----")));
    }
    if (user.isEmpty()) {
      return "spool " + spool + " and log " + log + ": ownership unchanged (no --slurm-user)";
    }
    SlurmUser u = user.get();
    // The group first: changing it as a non-root owner clears the setgid bit.
    Files.getFileAttributeView(spool, PosixFileAttributeView.class).setGroup(u.group());
    Files.setAttribute(spool, "unix:mode", SPOOL_MODE);
    PosixFileAttributeView logView = Files.getFileAttributeView(log, PosixFileAttributeView.class);
    logView.setOwner(u.user());
    logView.setGroup(u.group());
    Files.setPosixFilePermissions(log, PosixFilePermissions.fromString("rw-r-----"));
    return "spool "
        + spool
        + ": group "
        + u.group().getName()
        + ", mode 2770 (setgid); log "
        + log
        + ": owner "
        + u.name();
  }

  /** The user's primary group, as {@code id -gn} says (NSS included, not only /etc/group). */
  private static String group(String user) throws IOException {
    Process id =
        new ProcessBuilder(List.of("id", "-gn", "--", user))
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    try {
      if (!id.waitFor(10, TimeUnit.SECONDS)) {
        id.destroyForcibly();
        throw new IOException("id -gn " + user + " did not answer within 10 s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while asking id for the group of " + user, e);
    }
    String out = new String(id.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    if (id.exitValue() != 0 || out.isEmpty()) {
      throw new IllegalArgumentException("--slurm-user '" + user + "': no such user");
    }
    return out;
  }
}
