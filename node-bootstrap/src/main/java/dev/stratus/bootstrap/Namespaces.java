package dev.stratus.bootstrap;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether the agent runs in its own UTS and mount namespaces. Setting the hostname or bind-mounting
 * in the host's namespaces would rename or remount the host, so the agent checks first.
 */
interface Namespaces {
  boolean privateUts();

  boolean privateMount();

  /**
   * Compares {@code /proc/self/ns/X} with the parent's (the provider that ran nsenter + unshare,
   * which exec and so leave the provider as parent), falling back to PID 1's; different links mean
   * a namespace of our own. Unreadable links count as "not private": the agent then refuses.
   */
  static Namespaces fromProc() {
    return new Namespaces() {
      @Override
      public boolean privateUts() {
        return differs("uts");
      }

      @Override
      public boolean privateMount() {
        return differs("mnt");
      }
    };
  }

  private static boolean differs(String ns) {
    try {
      Path self = Files.readSymbolicLink(Path.of("/proc/self/ns", ns));
      long parent = ProcessHandle.current().parent().map(ProcessHandle::pid).orElse(1L);
      return !self.equals(link(parent, ns)) && !self.equals(linkOrNull(1, ns));
    } catch (IOException e) {
      return false;
    }
  }

  private static Path link(long pid, String ns) throws IOException {
    return Files.readSymbolicLink(Path.of("/proc/" + pid + "/ns", ns));
  }

  /** PID 1's link, or null when it may not be read (as in some containers). */
  private static Path linkOrNull(long pid, String ns) {
    try {
      return link(pid, ns);
    } catch (IOException e) {
      return null;
    }
  }
}
