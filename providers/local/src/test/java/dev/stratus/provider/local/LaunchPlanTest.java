package dev.stratus.provider.local;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.InstanceState;
import dev.stratus.api.model.Offering;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.Tags;
import dev.stratus.api.spi.LaunchRequest;
import dev.stratus.api.spi.ProviderError;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class LaunchPlanTest {
  static final OfferingKey KEY =
      new OfferingKey("local", "local", "", "ns", CapacityType.ON_DEMAND);
  static final Offering OFFERING = new Offering(KEY, "h100", 8, 8, 64000, BigDecimal.ZERO);

  static LaunchRequest request(String token, String... nodes) {
    return new LaunchRequest(
        "demo",
        "gpu",
        OFFERING,
        List.of(nodes),
        token,
        Map.of(Tags.CLUSTER, "demo", Tags.POOL, "gpu", Tags.TOKEN, token),
        false);
  }

  static InstanceRecord record(String token, String node) {
    return record(token, node, InstanceState.RUNNING);
  }

  static InstanceRecord record(String token, String node, InstanceState state) {
    String netns = LocalNames.netns("demo", node);
    return new InstanceRecord(
        LocalNames.instanceId("demo", token, node),
        "demo",
        node,
        "10.77.0.11",
        netns,
        LocalNames.veth(netns),
        state,
        KEY,
        Map.of(Tags.CLUSTER, "demo"),
        "2026-11-21T12:00:00Z",
        token,
        "1@2026-11-21T11:00:00Z");
  }

  @Test
  void nodesAlreadyLaunchedWithTheSameTokenAreReturnedNotBootedAgain() {
    LaunchPlan plan =
        LaunchPlan.of(
            request("t1", "gpu-001", "gpu-002"),
            LocalFaults.none(),
            List.of(record("t1", "gpu-001")),
            ns -> true,
            r -> false);

    assertThat(plan.existing()).extracting(InstanceRecord::nodeName).containsExactly("gpu-001");
    assertThat(plan.toBoot()).containsExactly("gpu-002");
    assertThat(plan.failures()).isEmpty();
  }

  @Test
  void aNodeWhoseLauncherDiedBeforeItsAgentRanIsBootedAgainNotReturnedAsLaunched() {
    InstanceRecord claimedByADeadController = record("t1", "gpu-001", InstanceState.PENDING);
    InstanceRecord booting = record("t1", "gpu-002", InstanceState.PENDING);

    LaunchPlan plan =
        LaunchPlan.of(
            request("t1", "gpu-001", "gpu-002"),
            LocalFaults.none(),
            List.of(claimedByADeadController, booting),
            ns -> true,
            r -> r.equals(claimedByADeadController));

    assertThat(plan.abandoned()).containsExactly(claimedByADeadController);
    assertThat(plan.toBoot()).containsExactly("gpu-001");
    assertThat(plan.existing()).containsExactly(booting);
    assertThat(plan.failures()).isEmpty();
  }

  @Test
  void anAbandonedRecordOfAnotherTokenIsClearedNotReportedAsBusy() {
    InstanceRecord abandoned = record("t1", "gpu-001", InstanceState.PENDING);

    LaunchPlan plan =
        LaunchPlan.of(
            request("t2", "gpu-001"),
            LocalFaults.none(),
            List.of(abandoned),
            ns -> true,
            r -> true);

    assertThat(plan.abandoned()).containsExactly(abandoned);
    assertThat(plan.toBoot()).containsExactly("gpu-001");
    assertThat(plan.failures()).isEmpty();
  }

  @Test
  void aLauncherIsGoneOnlyWhenItsProcessIsNotTheOneThatClaimed() {
    InstanceRecord mine =
        withLauncher(record("t1", "gpu-001", InstanceState.PENDING), InstanceRecord.thisProcess());
    long pid = ProcessHandle.current().pid();

    assertThat(mine.launcherIsGone()).isFalse();
    assertThat(withLauncher(mine, pid + "@2000-01-01T00:00:00Z").launcherIsGone()).isTrue();
    assertThat(withLauncher(mine, null).launcherIsGone()).isFalse(); // an older record: unknown
  }

  static InstanceRecord withLauncher(InstanceRecord r, String launcher) {
    return new InstanceRecord(
        r.id(),
        r.cluster(),
        r.nodeName(),
        r.address(),
        r.netns(),
        r.veth(),
        r.state(),
        r.offering(),
        r.tags(),
        r.launchedAt(),
        r.clientToken(),
        launcher);
  }

  @Test
  void aRecordWhoseNamespaceVanishedDoesNotCountAsLaunched() {
    LaunchPlan plan =
        LaunchPlan.of(
            request("t1", "gpu-001"),
            LocalFaults.none(),
            List.of(record("t1", "gpu-001")),
            ns -> false,
            r -> false);

    assertThat(plan.existing()).isEmpty();
    assertThat(plan.toBoot()).containsExactly("gpu-001");
  }

  @Test
  void aNodeRunningUnderAnotherTokenIsRefusedAsBusy() {
    LaunchPlan plan =
        LaunchPlan.of(
            request("t2", "gpu-001"),
            LocalFaults.none(),
            List.of(record("t1", "gpu-001")),
            ns -> true,
            r -> false);

    assertThat(plan.toBoot()).isEmpty();
    assertThat(plan.failures())
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.error()).isInstanceOf(ProviderError.InvalidRequest.class);
              assertThat(f.error().code()).isEqualTo("LocalNodeBusy");
            });
  }

  @Test
  void failLaunchesGivesACapacityErrorForThatNodeOnly() {
    LaunchPlan plan =
        LaunchPlan.of(
            request("t1", "gpu-001", "gpu-002"),
            new LocalFaults(Set.of("gpu-002"), Set.of()),
            List.of(),
            ns -> true,
            r -> false);

    assertThat(plan.toBoot()).containsExactly("gpu-001");
    assertThat(plan.failures())
        .singleElement()
        .satisfies(
            f -> {
              assertThat(f.nodeNames()).containsExactly("gpu-002");
              assertThat(f.error())
                  .isEqualTo(
                      new ProviderError.InsufficientCapacity(
                          "LocalCapacity", "no local capacity for node gpu-002 (failLaunches)"));
            });
  }
}
