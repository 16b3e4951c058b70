package dev.stratus.provider.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SubnetTest {
  @Test
  void bridgeGetsDotOneAndAddressesStayInsideTheSubnet() {
    Subnet s = Subnet.parse("10.77.0.0/24");

    assertThat(s.gateway()).isEqualTo("10.77.0.1");
    assertThat(s.address(11)).isEqualTo("10.77.0.11");
    assertThat(s.hostOf("10.77.0.11")).isEqualTo(11);
    assertThat(s.hostOf("10.77.1.11")).isEqualTo(-1);
    assertThatThrownBy(() -> s.address(255)).hasMessageContaining("255");
  }

  @Test
  void onlyAPrivateSlash24IsAccepted() {
    assertThatThrownBy(() -> Subnet.parse("10.77.0.0/16")).hasMessageContaining("10.77.0.0/16");
    assertThatThrownBy(() -> Subnet.parse("10.77.0.5/24")).hasMessageContaining("/24");
    assertThatThrownBy(() -> Subnet.parse("8.8.8.0/24"))
        .hasMessageContaining("not a private range");
    assertThat(Subnet.parse("192.168.5.0/24").gateway()).isEqualTo("192.168.5.1");
  }
}
