package dev.stratus.bootstrap;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Whether the agent runs in its own UTS and mount namespaces. Setting the hostname or bind-mounting
 * in the host's namespaces would rename or remount the host, so the agent checks first.
 */
public interface Namespaces {
  boolean privateUts();

  boolean privateMount();

  /** The system property naming the launcher's own {@code /proc/self/ns/X} link, X uts or mnt. */
  String OUTER = "stratus.agent.outerNamespace.";

  /**
   * Compares {@code /proc/self/ns/X} with the namespaces outside: the link the launcher declared
   * ({@link #OUTER}, read before it started us), the parent's (the provider that ran nsenter +
   * unshare, which exec and so leave the provider as parent) and PID 1's; a link unlike every one
   * of them means a namespace of our own. The declared link matters when the launcher died under us
   * (a killed controller): we are then PID 1's, whose links may be unreadable. With no outside link
   * readable at all the namespace counts as "not private": the agent then refuses.
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
    Path self = linkOrNull(ProcessHandle.current().pid(), ns);
    long parent = ProcessHandle.current().parent().map(ProcessHandle::pid).orElse(1L);
    List<Path> outside =
        Stream.of(
                Optional.ofNullable(System.getProperty(OUTER + ns)).map(Path::of).orElse(null),
                linkOrNull(parent, ns),
                linkOrNull(1, ns))
            .filter(Objects::nonNull)
            .toList();
    return self != null && !outside.isEmpty() && !outside.contains(self);
  }

  /** A process's namespace link, or null when it may not be read (gone, or as in containers). */
  private static Path linkOrNull(long pid, String ns) {
    try {
      return Files.readSymbolicLink(Path.of("/proc/" + pid + "/ns", ns));
    } catch (IOException e) {
      return null;
    }
  }
}
