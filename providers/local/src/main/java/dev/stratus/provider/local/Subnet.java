package dev.stratus.provider.local;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The private IPv4 /24 the local nodes live in: the bridge gets {@code .1}, nodes get {@code .10}
 * to {@code .254}. Only private (RFC 1918) ranges are accepted, so a typo cannot make the machine
 * answer for someone else's addresses.
 */
public record Subnet(int a, int b, int c) {
  public static final int FIRST_NODE_HOST = 10;
  public static final int LAST_NODE_HOST = 254;
  private static final Pattern CIDR =
      Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.0/24");

  public Subnet {
    for (int octet : new int[] {a, b, c}) {
      if (octet < 0 || octet > 255) {
        throw new IllegalArgumentException("subnet octet out of range: " + octet);
      }
    }
    boolean isPrivate = a == 10 || (a == 172 && b >= 16 && b <= 31) || (a == 192 && b == 168);
    if (!isPrivate) {
      throw new IllegalArgumentException(
          "subnet "
              + a
              + "."
              + b
              + "."
              + c
              + ".0/24 is not a private range (10/8, 172.16/12, 192.168/16)");
    }
  }

  /** Parses {@code "10.77.0.0/24"}; only /24 networks are accepted. */
  public static Subnet parse(String cidr) {
    Matcher m = CIDR.matcher(cidr == null ? "" : cidr.trim());
    if (!m.matches()) {
      throw new IllegalArgumentException(
          "subnet '" + cidr + "' must be an IPv4 /24 written like 10.77.0.0/24");
    }
    return new Subnet(
        Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)));
  }

  /** The address of host {@code host} (1..254) in this subnet. */
  public String address(int host) {
    if (host < 1 || host > 254) {
      throw new IllegalArgumentException("host number " + host + " outside 1..254");
    }
    return prefix() + host;
  }

  /** The host part of an address in this subnet, or -1 when the address is not in it. */
  public int hostOf(String address) {
    if (address == null || !address.startsWith(prefix())) {
      return -1;
    }
    try {
      int host = Integer.parseInt(address.substring(prefix().length()));
      return host >= 1 && host <= 254 ? host : -1;
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  public String gateway() {
    return address(1);
  }

  /** {@code "10.77.0."}: every address of the subnet starts with it. */
  public String prefix() {
    return a + "." + b + "." + c + ".";
  }

  @Override
  public String toString() {
    return prefix() + "0/24";
  }
}
