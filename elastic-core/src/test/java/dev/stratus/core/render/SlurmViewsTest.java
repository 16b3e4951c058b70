package dev.stratus.core.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.core.config.ConfigLoader;
import dev.stratus.core.config.LoadedConfig;
import dev.stratus.core.testing.DeclaredKeysProviders;
import dev.stratus.templates.NodeLine;
import dev.stratus.templates.PartitionLine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SlurmViewsTest {
  @TempDir Path dir;

  private LoadedConfig load(String pools, String providers) throws IOException {
    return load("", pools, providers);
  }

  private LoadedConfig load(String top, String pools, String providers) throws IOException {
    Path file = dir.resolve("stratus.yaml");
    Files.writeString(
        file,
        "cluster: t\nstateDir: ./state\n" + top + "pools:\n" + pools + "providers:\n" + providers);
    return ConfigLoader.loadAll(file, DeclaredKeysProviders.ALL);
  }

  private static String pool(String name, String model, int gpus, String offering) {
    return "  - name: "
        + name
        + "\n    gpu: {model: "
        + model
        + ", count: "
        + gpus
        + "}\n    cpus: 1\n    memoryMiB: 1000\n    maxNodes: 2\n    offerings:\n      - "
        + offering
        + "\n";
  }

  @Test
  void poolsRankByPricePerGpuHourNotPerNode() throws IOException {
    LoadedConfig c =
        load(
            pool("big", "h100", 8, "{provider: aws, region: r, instanceType: t, pricePerHour: 40}")
                + pool(
                    "mid",
                    "a100",
                    4,
                    "{provider: aws, region: r, instanceType: t, pricePerHour: 24}")
                + pool(
                    "one", "l4", 1, "{provider: aws, region: r, instanceType: t, pricePerHour: 4}"),
            "  aws: {}\n");

    assertThat(SlurmViews.include(c.config()).nodeLines())
        .extracting(NodeLine::hostlist, NodeLine::weight)
        .containsExactly(
            Tuple.tuple("big-[001-002]", 2),
            Tuple.tuple("mid-[001-002]", 3),
            Tuple.tuple("one-[001-002]", 1));
  }

  @Test
  void onlyTheFirstPartitionIsTheDefaultAndSharedPartitionsListEveryPool() throws IOException {
    String offering = "{provider: aws, region: r, instanceType: t, pricePerHour: 1}";
    LoadedConfig c =
        load(
            "slurm: {topology: tree}\n",
            pool("a", "h100", 1, offering)
                + pool("b", "h100", 1, offering).replace("    gpu:", "    partition: x\n    gpu:")
                + pool("c", "h100", 1, offering).replace("    gpu:", "    partition: a\n    gpu:"),
            "  aws: {}\n");

    assertThat(SlurmViews.include(c.config()).partitionLines())
        .containsExactly(
            new PartitionLine("a", "a-[001-002],c-[001-002]", true),
            new PartitionLine("x", "b-[001-002]", false));
  }

  @Test
  void localPoolsUseTheLocalDeviceDirAndCloudPoolsUseDev() throws IOException {
    LoadedConfig c =
        load(
            pool("loc", "h100", 8, "{provider: local, region: r, instanceType: t, pricePerHour: 1}")
                + pool(
                    "cl",
                    "h100",
                    2,
                    "{provider: aws, region: r, instanceType: t, pricePerHour: 1}"),
            "  local: {}\n  aws: {}\n");

    assertThat(SlurmViews.gres(c).lines())
        .extracting(l -> l.file())
        .containsExactly(
            dir.resolve("state/providers/local/dev/nvidia[0-7]").toString(), "/dev/nvidia[0-1]");
  }

  @Test
  void aConfiguredLocalDeviceDirResolvesAgainstTheYamlFile() throws IOException {
    LoadedConfig c =
        load(
            pool(
                "loc", "h100", 1, "{provider: local, region: r, instanceType: t, pricePerHour: 1}"),
            "  local: {deviceDir: ./fake-dev}\n");

    assertThat(SlurmViews.gres(c).lines().get(0).file())
        .isEqualTo(dir.resolve("fake-dev/nvidia0").toString());
  }
}
