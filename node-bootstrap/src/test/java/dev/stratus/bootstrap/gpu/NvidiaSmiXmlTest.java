package dev.stratus.bootstrap.gpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class NvidiaSmiXmlTest {
  @Test
  void readsEveryGpuOfAnEightWayH100WithItsMemoryEccAndMigMode() throws Exception {
    List<GpuInfo> gpus = NvidiaSmiXml.parse(Fixtures.xml("h100-sxm-8.xml"));

    assertThat(gpus).hasSize(8);
    assertThat(gpus.get(0).busId()).isEqualTo("00000000:18:00.0");
    assertThat(gpus)
        .allSatisfy(
            g -> {
              assertThat(g.productName()).isEqualTo("NVIDIA H100 80GB HBM3");
              assertThat(g.type()).isEqualTo("h100");
              assertThat(g.memoryMiB()).isEqualTo(81559);
              assertThat(g.ecc()).isEqualTo("Enabled");
              assertThat(g.migEnabled()).isFalse();
              assertThat(g.migDevices()).isEmpty();
            });
  }

  @Test
  void readsMigDevicesWithTheirMultiprocessorsAndMemory() throws Exception {
    List<GpuInfo> gpus = NvidiaSmiXml.parse(Fixtures.xml("a100-40gb-mig-2x3g.20gb.xml"));

    assertThat(gpus).singleElement().satisfies(g -> assertThat(g.migEnabled()).isTrue());
    assertThat(gpus.get(0).migDevices())
        .containsExactly(new GpuInfo.MigDevice(0, 42, 19968), new GpuInfo.MigDevice(1, 42, 19968));
  }

  @Test
  void truncatedOutputIsAClearErrorWithItsPosition() {
    assertThatThrownBy(() -> NvidiaSmiXml.parse(Fixtures.xml("malformed-truncated.xml")))
        .isInstanceOf(NvidiaSmiXml.BadXmlException.class)
        .hasMessageContaining("nvidia-smi XML is malformed at line")
        .hasMessageContaining("column");
  }

  @Test
  void nvidiaSmisOwnDoctypeLineIsRemovedKeepingLineNumbers() {
    String xml = Fixtures.xml("h100-sxm-8.xml");

    String stripped = NvidiaSmiXml.stripNvidiaDoctype(xml);

    assertThat(stripped).doesNotContain("DOCTYPE");
    assertThat(stripped.lines().count()).isEqualTo(xml.lines().count());
  }

  @Test
  void anExternalEntityIsRefusedAndNothingIsRead() {
    String xxe =
        "<?xml version=\"1.0\"?>\n<!DOCTYPE nvidia_smi_log [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n"
            + "<nvidia_smi_log><gpu id=\"a\"><product_name>&x;</product_name></gpu></nvidia_smi_log>";

    assertThatThrownBy(() -> NvidiaSmiXml.parse(xxe))
        .isInstanceOf(NvidiaSmiXml.BadXmlException.class)
        .hasMessageContaining("DOCTYPE")
        .hasMessageNotContaining("root:");
  }

  @Test
  void anInternalEntityBombIsRefused() {
    String bomb =
        "<!DOCTYPE nvidia_smi_log [<!ENTITY a \"aaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;\">]>"
            + "<nvidia_smi_log><gpu><product_name>&b;</product_name></gpu></nvidia_smi_log>";

    assertThatThrownBy(() -> NvidiaSmiXml.parse(bomb)).hasMessageContaining("DOCTYPE");
  }

  @Test
  void aDoctypeThatOnlyLooksLikeNvidiasIsNotStrippedAndIsRefused() {
    String other =
        "<!DOCTYPE nvidia_smi_log SYSTEM \"http://evil.example/x.dtd\">\n<nvidia_smi_log/>";

    assertThatThrownBy(() -> NvidiaSmiXml.parse(other)).hasMessageContaining("DOCTYPE");
  }

  @Test
  void aDocumentOfAnotherKindIsRefusedNamingItsRoot() {
    assertThatThrownBy(() -> NvidiaSmiXml.parse("<html><body/></html>"))
        .hasMessageContaining("root element is <html>");
  }
}
