package dev.stratus.core.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.core.config.ConfigLoader;
import dev.stratus.core.config.LoadedConfig;
import dev.stratus.core.config.SlurmVersion;
import dev.stratus.core.testing.DeclaredKeysProviders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What 25.11 and 26.05 add, each rendered only where the running release has it (measured on
 * 26.05.5, docs/slurm-facts.md): expedited requeue allowed, slurmctld's OpenMetrics endpoint, and
 * GPUs as a TRES (the /metrics GPU gauges read 0 without it; slurmctld refuses it without slurmdbd,
 * so only where the site keeps accounting there).
 */
class Slurm2605RenderTest {
  @TempDir Path dir;

  LoadedConfig withVersion(String version, String siteConf) throws IOException {
    Path site = dir.resolve("slurm.conf");
    Files.writeString(site, siteConf);
    Path yaml = dir.resolve("stratus.yaml");
    String text = Files.readString(CloudInitTest.INPUT);
    Files.writeString(
        yaml,
        text.replace("slurm:\n", "slurm:\n  version: \"" + version + "\"\n")
            .replace("slurmConf: /etc/slurm/slurm.conf", "slurmConf: " + site));
    return ConfigLoader.loadAll(yaml, DeclaredKeysProviders.ALL);
  }

  @Test
  void theVersionChecksFollowTheReleasesThatBroughtEachFeature() {
    SlurmVersion v2505 = new SlurmVersion(25, 5);
    SlurmVersion v2511 = new SlurmVersion(25, 11);
    SlurmVersion v2605 = new SlurmVersion(26, 5);

    assertThat(v2505.hasExpeditedRequeue()).isFalse();
    assertThat(v2511.hasExpeditedRequeue()).isTrue();
    assertThat(v2505.servesOpenMetrics()).isFalse();
    assertThat(v2511.servesOpenMetrics()).isTrue();
    assertThat(v2511.countsGpusInMetrics()).isFalse();
    assertThat(v2605.countsGpusInMetrics()).isTrue();
    assertThat(SlurmVersion.fromBanner("slurm-wlm 26.05.5")).isEqualTo(v2605);
  }

  @Test
  void slurm2605AllowsExpeditedRequeueAndServesMetrics() throws IOException {
    String include = SlurmConfigWriter.renderInclude(withVersion("26.05", "ClusterName=c\n"));

    assertThat(include)
        .contains(
            "SlurmctldParameters=idle_on_node_suspend,enable_expedited_requeue,"
                + "node_reg_mem_percent=100\n")
        .contains("MetricsType=metrics/openmetrics\n")
        .doesNotContain("cloud_reg_addrs")
        .as("no slurmdbd: slurmctld would refuse gres/gpu as a TRES")
        .doesNotContain("AccountingStorageTRES");
  }

  @Test
  void withSlurmdbdTheGpusBecomeATresSoTheGaugesCountThem() throws IOException {
    String include =
        SlurmConfigWriter.renderInclude(
            withVersion(
                "26.05", "ClusterName=c\nAccountingStorageType=accounting_storage/slurmdbd\n"));

    assertThat(include).contains("AccountingStorageTRES=gres/gpu\n");
  }

  @Test
  void slurm2411GetsNoneOfThem() throws IOException {
    String include =
        SlurmConfigWriter.renderInclude(
            withVersion(
                "24.11", "ClusterName=c\nAccountingStorageType=accounting_storage/slurmdbd\n"));

    assertThat(include)
        .doesNotContain("enable_expedited_requeue")
        .doesNotContain("MetricsType")
        .doesNotContain("AccountingStorageTRES");
  }
}
