package dev.stratus.bootstrap.gpu;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GpuMatchTest {
  static GpuCheck.NvidiaSmi want(String type, Map<String, Integer> mig, boolean ecc) {
    return new GpuCheck.NvidiaSmi(Path.of("/usr/bin/nvidia-smi"), type, mig, ecc);
  }

  static List<GpuInfo> fixture(String name) throws Exception {
    return NvidiaSmiXml.parse(Fixtures.xml(name));
  }

  @Test
  void eightH100sMatchAnEightH100Node() throws Exception {
    assertThat(GpuMatch.check(fixture("h100-sxm-8.xml"), 8, want("h100", Map.of(), true)))
        .isEmpty();
  }

  @Test
  void aMissingGpuIsReportedAsFoundSevenOfEight() throws Exception {
    assertThat(GpuMatch.check(fixture("h100-sxm-7-of-8.xml"), 8, want("h100", Map.of(), true)))
        .hasValue("gpu: found 7 of 8 h100");
  }

  @Test
  void gpusOfAnotherModelDoNotCountAndAreNamed() throws Exception {
    assertThat(GpuMatch.check(fixture("h100-sxm-8.xml"), 8, want("a100", Map.of(), true)))
        .hasValue("gpu: found 0 of 8 a100 (other GPUs: {h100=8})");
  }

  @Test
  void eightA100sMatchAndDisabledEccIsRefusedOnlyWhenRequired() throws Exception {
    assertThat(GpuMatch.check(fixture("a100-80gb-8.xml"), 8, want("a100", Map.of(), true)))
        .isEmpty();
    assertThat(
            GpuMatch.check(
                fixture("a100-80gb-8-ecc-disabled.xml"), 8, want("a100", Map.of(), true)))
        .hasValue("gpu: ECC is Disabled on 00000000:48:00.0 (a100), and requireEcc is set");
    assertThat(
            GpuMatch.check(
                fixture("a100-80gb-8-ecc-disabled.xml"), 8, want("a100", Map.of(), false)))
        .isEmpty();
  }

  @Test
  void migDevicesMatchTheGresMigTypes() throws Exception {
    assertThat(
            GpuMatch.check(
                fixture("a100-40gb-mig-2x3g.20gb.xml"),
                2,
                want("a100", Map.of("a100_3g.20gb", 2), true)))
        .isEmpty();
  }

  @Test
  void aMissingOrUnexpectedMigDeviceIsNamed() throws Exception {
    assertThat(
            GpuMatch.check(
                fixture("a100-40gb-mig-2x3g.20gb.xml"),
                3,
                want("a100", Map.of("a100_3g.20gb", 2, "a100_1g.5gb", 1), true)))
        .hasValue("gpu: found 0 of 1 a100_1g.5gb");
    assertThat(
            GpuMatch.check(
                fixture("a100-40gb-mig-2x3g.20gb.xml"),
                1,
                want("a100", Map.of("a100_2g.10gb", 1), true)))
        .hasValue("gpu: found 0 of 1 a100_2g.10gb; gpu: found 2 unexpected a100_3g.20gb");
  }

  @Test
  void migOnWhereTheGresHasNoMigTypesIsRefused() throws Exception {
    assertThat(
            GpuMatch.check(fixture("a100-40gb-mig-2x3g.20gb.xml"), 1, want("a100", Map.of(), true)))
        .hasValue("gpu: MIG is enabled on 00000000:18:00.0 but the node's Gres has no MIG types");
  }

  @Test
  void migOffWhereTheGresExpectsMigIsRefused() throws Exception {
    assertThat(
            GpuMatch.check(
                fixture("a100-80gb-8.xml"), 2, want("a100", Map.of("a100_3g.40gb", 2), true)))
        .hasValueSatisfying(
            m ->
                assertThat(m)
                    .contains("gpu: MIG is Disabled on 00000000:18:00.0")
                    .contains("gpu: found 0 of 2 a100_3g.40gb"));
  }
}
