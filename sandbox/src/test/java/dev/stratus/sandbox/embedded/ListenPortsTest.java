package dev.stratus.sandbox.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ListenPortsTest {
  @Test
  void drawsBelowTheKernelsEphemeralRangeAPortThatBindsNow() throws IOException {
    int ephemeralStart =
        Integer.parseInt(
            Files.readString(Path.of("/proc/sys/net/ipv4/ip_local_port_range"))
                .strip()
                .split("\\s+")[0]);
    for (int i = 0; i < 50; i++) {
      int port = ListenPorts.draw(new Random(i));
      assertThat(port).isBetween(ListenPorts.FIRST, ListenPorts.end(ephemeralStart) - 1);
      try (ServerSocket socket = new ServerSocket()) {
        socket.bind(new InetSocketAddress(port));
      }
    }
  }

  @Test
  void skipsAPortSomethingListensOn() throws IOException {
    int first = ListenPorts.draw(new Random(7));
    try (ServerSocket taken = new ServerSocket()) {
      taken.bind(new InetSocketAddress(first));
      assertThat(ListenPorts.draw(new Random(7))).isNotEqualTo(first);
    }
  }

  @Test
  void keepsABandOfPortsWhenTheEphemeralRangeStartsLow() {
    assertThat(ListenPorts.end(32768)).isEqualTo(32768);
    assertThat(ListenPorts.end(49152)).isEqualTo(49152);
    assertThat(ListenPorts.end(1024)).isEqualTo(40000);
  }
}
