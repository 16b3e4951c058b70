package dev.stratus.sandbox;

import static dev.stratus.core.testing.Fixtures.offering;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Instance;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.Tags;
import dev.stratus.api.spi.LaunchRequest;
import dev.stratus.api.spi.LaunchResult;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.Reclaimable;
import dev.stratus.cli.StratusCli;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalCommandTest {
  static final Offering SPOT = offering("local", "a", CapacityType.SPOT, "30");
  final ByteArrayOutputStream out = new ByteArrayOutputStream();
  final ByteArrayOutputStream err = new ByteArrayOutputStream();

  /** A provider with fixed instances; reclaimable or not. */
  static class Stub implements NodeProvider {
    final String name;
    final List<Instance> instances;

    Stub(String name, Instance... instances) {
      this.name = name;
      this.instances = List.of(instances);
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public List<Offering> offerings() {
      return List.of(SPOT);
    }

    @Override
    public LaunchResult launch(LaunchRequest request) {
      throw new UnsupportedOperationException();
    }

    @Override
    public List<Instance> list(String cluster) {
      return instances.stream().filter(i -> cluster.equals(i.tags().get(Tags.CLUSTER))).toList();
    }

    @Override
    public Optional<Instance> get(String instanceId) {
      return instances.stream().filter(i -> i.id().equals(instanceId)).findFirst();
    }

    @Override
    public void terminate(Collection<String> instanceIds) {}
  }

  static final class ReclaimableStub extends Stub implements Reclaimable {
    final List<String> calls = new ArrayList<>();

    ReclaimableStub(String name, Instance... instances) {
      super(name, instances);
    }

    @Override
    public void reclaim(String instanceId, Duration notice) {
      calls.add(instanceId + " " + notice);
    }
  }

  static Instance instance(String id, String cluster, String node) {
    return new Instance(
        id,
        SPOT.key(),
        InstanceState.RUNNING,
        Instant.parse("2026-11-21T12:00:00Z"),
        "10.77.0.11",
        Map.of(Tags.CLUSTER, cluster, Tags.NODE, node));
  }

  int reclaim(Map<String, NodeProvider> providers, String node, Duration notice) {
    return LocalCommand.reclaim(
        providers,
        "c1",
        node,
        notice,
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  @Test
  void theNodesInstanceOfThisClusterIsReclaimedWithTheNoticeAndWhatHappenedIsPrinted() {
    ReclaimableStub local =
        new ReclaimableStub(
            "local",
            instance("local-00000001", "other", "gpu-001"),
            instance("local-00000002", "c1", "gpu-001"),
            instance("local-00000003", "c1", "gpu-002"));
    Map<String, NodeProvider> providers = new LinkedHashMap<>();
    providers.put("aws", new Stub("aws"));
    providers.put("local", local);

    assertThat(reclaim(providers, "gpu-001", Duration.ofSeconds(30))).isZero();

    assertThat(local.calls).containsExactly("local-00000002 PT30S");
    assertThat(out.toString(StandardCharsets.UTF_8))
        .contains("reclaiming gpu-001 (local-00000002) on local, notice 30 s")
        .contains("gpu-001 (local-00000002) killed");
  }

  @Test
  void aNodeWithoutAnInstanceIsAnErrorNamingTheNodeAndNothingIsReclaimed() {
    ReclaimableStub local = new ReclaimableStub("local", instance("local-1", "c1", "gpu-002"));

    assertThat(reclaim(Map.of("local", local), "gpu-009", Duration.ZERO)).isEqualTo(1);

    assertThat(local.calls).isEmpty();
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("node gpu-009 has no instance in cluster c1");
  }

  @Test
  void aNodeOnAProviderThatCannotReclaimIsRefusedNamingTheProvider() {
    Stub aws = new Stub("aws", instance("i-0abc", "c1", "gpu-001"));

    assertThat(reclaim(Map.of("aws", aws), "gpu-001", Duration.ZERO)).isEqualTo(1);

    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("node gpu-001 runs on provider aws, which cannot reclaim instances");
  }

  /** Runs {@code stratus ARGS}; its exit status, with what it wrote to stderr in {@link #err}. */
  int stratus(String... args) {
    PrintStream saved = System.err;
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    try {
      return StratusCli.commandLine().execute(args);
    } finally {
      System.setErr(saved);
    }
  }

  @Test
  void aBadNoticeIsRefusedWithExitTwoNamingTheText() {
    int rc = stratus("local", "reclaim", "gpu-001", "--notice", "soon", "--config", "/nonexistent");

    assertThat(rc).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("soon");
  }

  @Test
  void withoutTheControllersSecretNothingIsReclaimedAndItSaysWhereToRunIt(@TempDir Path dir)
      throws Exception {
    Path config = dir.resolve("stratus.yaml");
    Files.writeString(
        config,
        """
        cluster: c1
        stateDir: ./state
        pools:
          - name: gpu
            gpu: {model: h100, count: 8}
            cpus: 8
            memoryMiB: 64000
            maxNodes: 2
            offerings:
              - {provider: local, region: local, instanceType: t, pricePerHour: 1}
        providers: {local: {bridge: stnone0}}
        """);
    int rc = stratus("local", "reclaim", "gpu-001", "--config", config.toString());

    assertThat(rc).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("cannot read the controller's secret")
        .contains(dir.resolve("state/keys/controller.secret").toString())
        .contains("run this on the controller machine");
  }
}
