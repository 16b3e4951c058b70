package dev.stratus.bootstrap.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.bootstrap.gpu.NvidiaSmiXml;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class GpuHealthXmlTest {
  static List<GpuReading> parse(String fixture) throws Exception {
    return GpuHealthXml.parse(HealthFixtures.text("nvidia-smi/" + fixture));
  }

  @Test
  void readsEveryHealthFieldOfAHealthyH100() throws Exception {
    List<GpuReading> gpus = parse("health-h100-8-ok.xml");

    assertThat(gpus).hasSize(8);
    GpuReading g = gpus.get(2);
    assertThat(g.index()).isEqualTo(2);
    assertThat(g.busId()).isEqualTo("00000000:3B:00.0");
    assertThat(g.uuid()).isEqualTo("GPU-9531985d-5d9d-c9f8-1818-e811892f902b");
    assertThat(g.volatileEcc()).isEqualTo(new GpuReading.Ecc(0, 0, 0, 0));
    assertThat(g.aggregateEcc().correctable()).isEqualTo(12);
    assertThat(g.retiredPagesPending()).isEmpty(); // N/A on H100: unknown
    assertThat(g.remap())
        .isEqualTo(new GpuReading.RowRemap(0, 0, Optional.of(false), Optional.of(false)));
    assertThat(g.pcie()).isEqualTo(new GpuReading.Pcie(5, 5, 16, 16));
    assertThat(g.idle()).isTrue();
    assertThat(g.throttleReasons()).isEmpty();
    assertThat(g.persistence()).hasValue(true);
    assertThat(g.temperatureC()).isEqualTo(31);
    assertThat(g.slowdownMarginC()).hasValue(58);
    assertThat(g.powerDrawW()).isEqualTo(71.27);
    assertThat(g.powerLimitW()).isEqualTo(700.0);
    assertThat(g.utilizationPercent()).isZero();
    assertThat(g.memoryUsedMiB()).isEqualTo(1);
    assertThat(g.memoryTotalMiB()).isEqualTo(81559);
  }

  @Test
  void readsTheFaults() throws Exception {
    assertThat(
            parse("health-h100-8-ecc-uncorrectable.xml").get(2).volatileEcc().dramUncorrectable())
        .isEqualTo(2);
    assertThat(parse("health-h100-8-remap-failure.xml").get(5).remap().failure()).hasValue(true);
    assertThat(parse("health-h100-8-hw-slowdown.xml").get(1).throttleReasons())
        .containsExactly("hw_slowdown");
    assertThat(parse("health-h100-8-pcie-degraded.xml").get(6).pcie().currentWidth()).isEqualTo(8);
    assertThat(parse("health-h100-8-gpu-missing.xml")).hasSize(7);
  }

  @Test
  void readsTheOlderNamesAndTreatsNaAsUnknown() throws Exception {
    String xml =
        "<nvidia_smi_log><gpu id=\"00000000:07:00.0\"><product_name>Tesla V100</product_name>"
            + "<minor_number>N/A</minor_number><persistence_mode>N/A</persistence_mode>"
            + "<clocks_throttle_reasons>"
            + "<clocks_throttle_reason_gpu_idle>Not Active</clocks_throttle_reason_gpu_idle>"
            + "<clocks_throttle_reason_hw_thermal_slowdown>Active"
            + "</clocks_throttle_reason_hw_thermal_slowdown></clocks_throttle_reasons>"
            + "<ecc_errors><volatile><single_bit><total>7</total></single_bit>"
            + "<double_bit><total>1</total></double_bit></volatile>"
            + "<aggregate><single_bit><total>N/A</total></single_bit></aggregate></ecc_errors>"
            + "<retired_pages><pending_retirement>Yes</pending_retirement></retired_pages>"
            + "<temperature><gpu_temp>N/A</gpu_temp></temperature>"
            + "<power_readings><power_draw>250.5 W</power_draw>"
            + "<enforced_power_limit>300.00 W</enforced_power_limit></power_readings>"
            + "<utilization><gpu_util>N/A</gpu_util></utilization></gpu></nvidia_smi_log>";

    GpuReading g = GpuHealthXml.parse(xml).get(0);

    assertThat(g.index()).isEqualTo(-1);
    assertThat(g.busId()).isEqualTo("00000000:07:00.0");
    assertThat(g.persistence()).isEmpty();
    assertThat(g.idle()).isFalse();
    assertThat(g.throttleReasons()).containsExactly("hw_thermal_slowdown");
    assertThat(g.volatileEcc().correctable()).isEqualTo(7);
    assertThat(g.volatileEcc().uncorrectable()).isEqualTo(1);
    assertThat(g.aggregateEcc().correctable()).isEqualTo(GpuReading.UNKNOWN);
    assertThat(g.retiredPagesPending()).hasValue(true);
    assertThat(g.temperatureC()).isEqualTo(GpuReading.UNKNOWN);
    assertThat(g.slowdownMarginC()).isEmpty();
    assertThat(g.powerDrawW()).isEqualTo(250.5);
    assertThat(g.powerLimitW()).isEqualTo(300.0);
    assertThat(g.utilizationPercent()).isEqualTo(GpuReading.UNKNOWN);
    assertThat(g.pcie()).isEqualTo(GpuReading.Pcie.NONE);
  }

  @Test
  void newerDriversTemperatureLimitFormGivesTheMargin() throws Exception {
    String xml =
        "<nvidia_smi_log><gpu><product_name>NVIDIA L4</product_name><temperature>"
            + "<gpu_temp>45 C</gpu_temp><gpu_temp_tlimit>1 C</gpu_temp_tlimit>"
            + "<gpu_temp_slow_tlimit_threshold>-2 C</gpu_temp_slow_tlimit_threshold>"
            + "</temperature></gpu></nvidia_smi_log>";

    assertThat(GpuHealthXml.parse(xml).get(0).slowdownMarginC()).hasValue(3);
  }

  @Test
  void refusesWhatTheHardenedParserRefuses() {
    assertThatThrownBy(
            () -> GpuHealthXml.parse(HealthFixtures.text("nvidia-smi/malformed-truncated.xml")))
        .isInstanceOf(NvidiaSmiXml.BadXmlException.class)
        .hasMessageContaining("malformed");
    assertThatThrownBy(
            () ->
                GpuHealthXml.parse(
                    "<!DOCTYPE a [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><nvidia_smi_log/>"))
        .isInstanceOf(NvidiaSmiXml.BadXmlException.class);
  }
}
