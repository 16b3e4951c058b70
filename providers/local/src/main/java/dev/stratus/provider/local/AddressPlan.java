package dev.stratus.provider.local;

import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.CRC32;

/**
 * Picks a node's host number so that a relaunch of the same node gets the same IP: a name ending in
 * digits N gets {@code .10+N} (gpu-001 → .11, as in the Slurm lab), any other name a slot derived
 * from a checksum of the name; a taken slot moves to the next free one.
 */
final class AddressPlan {
  private static final Pattern TRAILING_DIGITS = Pattern.compile(".*?(\\d+)$");
  private static final int SLOTS = Subnet.LAST_NODE_HOST - Subnet.FIRST_NODE_HOST + 1;

  private AddressPlan() {}

  static int preferredHost(String nodeName) {
    Matcher m = TRAILING_DIGITS.matcher(nodeName);
    if (m.matches() && m.group(1).length() <= 4) {
      int host = Subnet.FIRST_NODE_HOST + Integer.parseInt(m.group(1));
      if (host <= Subnet.LAST_NODE_HOST) {
        return host;
      }
    }
    CRC32 crc = new CRC32();
    crc.update(nodeName.getBytes(StandardCharsets.UTF_8));
    return Subnet.FIRST_NODE_HOST + (int) (crc.getValue() % SLOTS);
  }

  /** The preferred host if free, else the next free one (wrapping); throws when all are taken. */
  static int choose(String nodeName, Set<Integer> taken) {
    int start = preferredHost(nodeName) - Subnet.FIRST_NODE_HOST;
    for (int i = 0; i < SLOTS; i++) {
      int host = Subnet.FIRST_NODE_HOST + (start + i) % SLOTS;
      if (!taken.contains(host)) {
        return host;
      }
    }
    throw new IllegalStateException("all " + SLOTS + " node addresses of the subnet are in use");
  }
}
