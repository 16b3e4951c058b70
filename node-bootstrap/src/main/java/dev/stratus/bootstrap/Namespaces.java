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

  /** Compares {@code /proc/self/ns/X} with PID 1's: different links mean a namespace of our own. */
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
      Path init = Files.readSymbolicLink(Path.of("/proc/1/ns", ns));
      return !self.equals(init);
    } catch (IOException e) {
      return false;
    }
  }
}
