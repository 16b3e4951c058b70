package dev.stratus.bootstrap;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.nio.file.attribute.UserPrincipalNotFoundException;
import java.util.ArrayList;
import java.util.List;

/**
 * Who runs munged. With a user (the distribution's {@code munge}), the key, its directory, the
 * socket directory and munged's own state directory are owned by that user and its group of the
 * same name, and munged is started through {@code setpriv} as that user: root never runs a daemon
 * that does not need it. Without one, munged runs as the agent's own user and owns nothing else.
 */
final class MungeOwner {
  private final String user;
  private final String setpriv;

  MungeOwner(String user, String setpriv) {
    this.user = user;
    this.setpriv = setpriv;
  }

  boolean active() {
    return !user.isEmpty();
  }

  /** Gives each path to the user and its group; nothing when no user is set. */
  void own(Path... paths) throws StepFailedException, IOException {
    if (!active()) {
      return;
    }
    UserPrincipal owner;
    GroupPrincipal group;
    try {
      var lookup = FileSystems.getDefault().getUserPrincipalLookupService();
      owner = lookup.lookupPrincipalByName(user);
      group = lookup.lookupPrincipalByGroupName(user);
    } catch (UserPrincipalNotFoundException e) {
      throw new StepFailedException(
          "mungeUser '" + user + "' (and a group of that name) must exist on this machine");
    }
    for (Path p : paths) {
      var view =
          Files.getFileAttributeView(p, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS);
      view.setOwner(owner);
      view.setGroup(group);
    }
  }

  /** munged's argv, run as the user when one is set. */
  List<String> command(List<String> argv) {
    if (!active()) {
      return argv;
    }
    List<String> out = new ArrayList<>();
    out.addAll(List.of(setpriv, "--reuid=" + user, "--regid=" + user, "--init-groups", "--"));
    out.addAll(argv);
    return out;
  }

  /** Where munged keeps its pid, log and seed: a directory of its own when it runs as the user. */
  Path stateDir(Path nodeDir) throws StepFailedException, IOException {
    if (!active()) {
      return nodeDir;
    }
    Path dir = nodeDir.resolve("munged");
    Files.createDirectories(dir);
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
    own(dir);
    return dir;
  }
}
