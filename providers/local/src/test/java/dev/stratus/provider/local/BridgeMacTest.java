package dev.stratus.provider.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class BridgeMacTest {
  @Test
  void isALocallyAdministeredUnicastAddressStableForOneBridgeName() {
    String mac = BridgeMac.of("stbeafae");
    assertThat(mac).matches("([0-9a-f]{2}:){5}[0-9a-f]{2}").startsWith("02:");
    assertThat(BridgeMac.of("stbeafae")).isEqualTo(mac);
    byte first = HexFormat.of().parseHex(mac.substring(0, 2))[0];
    assertThat(first & 0x01).as("multicast bit").isZero();
    assertThat(first & 0x02).as("locally administered bit").isEqualTo(2);
  }

  @Test
  void differsBetweenBridges() {
    assertThat(BridgeMac.of("stbeafae")).isNotEqualTo(BridgeMac.of("stbeafaf"));
  }
}
