package dev.stratus.sandbox.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

/**
 * Ports for the embedded daemons (slurmctld, slurmdbd, MariaDB, the notice endpoint), drawn from
 * {@code 20000} up to the kernel's ephemeral range and checked free at once. A port the OS hands
 * out for {@code bind(0)}, or one drawn inside the ephemeral range, can be taken by any outgoing
 * connection between the draw and the daemon's bind; slurmctld then dies on "Address already in
 * use" and the cluster never answers (seen in CI with tests running side by side). Below that range
 * only another listener can take it, and the draw is random among thousands.
 */
public final class ListenPorts {
  static final int FIRST = 20000;
  private static final Path EPHEMERAL = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
  private static final int TRIES = 64;

  private ListenPorts() {}

  /** A port below the ephemeral range that nothing listens on now. */
  public static int draw(Random random) {
    int end = end(readEphemeralStart());
    for (int i = 0; i < TRIES; i++) {
      int port = FIRST + random.nextInt(end - FIRST);
      if (free(port)) {
        return port;
      }
    }
    throw new UncheckedIOException(
        new IOException("no free port among " + TRIES + " drawn from " + FIRST + ".." + (end - 1)));
  }

  /**
   * The end (exclusive) of the band to draw from: the ephemeral range's first port, or {@code
   * 40000} when the range starts so low that no band of a thousand ports is left below it.
   */
  static int end(int ephemeralStart) {
    return ephemeralStart >= FIRST + 1000 ? ephemeralStart : 40000;
  }

  private static int readEphemeralStart() {
    try {
      return Integer.parseInt(Files.readString(EPHEMERAL).strip().split("\\s+")[0]);
    } catch (IOException | RuntimeException unreadable) {
      return 32768; // Linux's default when the file cannot be read
    }
  }

  private static boolean free(int port) {
    try (ServerSocket socket = new ServerSocket()) {
      socket.bind(new InetSocketAddress(port));
      return true;
    } catch (IOException taken) {
      return false;
    }
  }
}
