package dev.stratus.core.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ScontrolNodeParserTest {
  @Test
  void readsEveryNodeOfARealSlurmctldWithReasonsThatHoldSpaces() {
    Map<String, SlurmNode> nodes =
        ScontrolNodeParser.parse(Samples.read("22.05/scontrol-show-node.txt")).stream()
            .collect(Collectors.toMap(SlurmNode::name, Function.identity()));

    assertThat(nodes).hasSize(6);
    SlurmNode down = nodes.get("gpu-001");
    assertThat(down.state()).isEqualTo("down");
    assertThat(down.flags()).containsExactlyInAnyOrder("CLOUD", "POWERED_DOWN", "NOT_RESPONDING");
    assertThat(down.reason()).isEqualTo("again down");
    SlurmNode drained = nodes.get("gpu-003");
    assertThat(drained.shortState()).isEqualTo("drained~");
    assertThat(drained.reason()).isEqualTo("maintenance = yes [planned]");
    assertThat(nodes.get("gpu-002").shortState()).isEqualTo("mixed#");
    assertThat(nodes.get("cpu-2").shortState()).isEqualTo("idle~");
    assertThat(nodes.get("cpu-2").gres()).isEmpty();
    assertThat(nodes.get("cpu-2").partitions()).containsExactly("cpu");
    assertThat(nodes.get("gpu-004").gres()).isEqualTo("gpu:h100:8");
    assertThat(nodes.get("gpu-004").address()).isEqualTo("gpu-004");
  }

  @Test
  void agreesWithSinfoJsonOnTheSameCluster() {
    List<SlurmNode> fromScontrol =
        ScontrolNodeParser.parse(Samples.read("22.05/scontrol-show-node.txt"));
    List<SlurmNode> fromSinfo = SinfoJson.parse(Samples.read("22.05/sinfo-down-drain.json"));

    assertThat(fromScontrol).containsExactlyInAnyOrderElementsOf(fromSinfo);
  }

  @Test
  void aNodeThatRegisteredShortShowsInvalidRegistrationItsReportedGresAndWhatIsShort() {
    Map<String, SlurmNode> nodes =
        ScontrolNodeParser.parse(Samples.read("22.05/scontrol-invalid-registration.txt")).stream()
            .collect(Collectors.toMap(SlurmNode::name, Function.identity()));

    SlurmNode n5 = nodes.get("n5");
    assertThat(n5.invalidRegistration()).isTrue();
    assertThat(n5.drained()).isTrue();
    assertThat(n5.gres()).isEqualTo("gpu:h100:2");
    assertThat(n5.reason())
        .contains("Low CPUs")
        .contains("Low RealMemory (reported:24105 < 100.00% of configured:30000)");
    assertThat(n5.activeFeatures()).containsExactlyInAnyOrder("h100", "gpu", "spot", "on-demand");
    assertThat(nodes.get("n6").reason())
        .isEqualTo("Low RealMemory (reported:24105 < 100.00% of configured:24200)");
  }

  @Test
  void valuesWithSpacesRunToTheNextKey() {
    String line =
        "NodeName=gpu-002 Arch=x86_64 NodeAddr=10.77.0.12 Gres=gpu:h100:8"
            + " OS=Linux 6.18.44-fc-v669 #1 SMP PREEMPT_DYNAMIC @0 RealMemory=64000"
            + " State=IDLE+CLOUD Partitions=gpu,all Reason=spot reclaim: a=b [x] [root@2026-11-21T12:00:00]";

    SlurmNode node = ScontrolNodeParser.parse(line).get(0);

    assertThat(node.address()).isEqualTo("10.77.0.12");
    assertThat(node.state()).isEqualTo("idle");
    assertThat(node.partitions()).containsExactly("gpu", "all");
    assertThat(node.reason()).isEqualTo("spot reclaim: a=b [x]");
  }

  @Test
  void fromSlurm2411FieldsAfterTheReasonAreReadAndEndIt() {
    String base =
        "NodeName=gpu-001 Arch=x86_64 CoresPerSocket=1 CPUAlloc=0 Gres=gpu:h100:8 NodeAddr=gpu-001"
            + " State=IDLE+DRAIN+CLOUD+POWERED_DOWN Partitions=gpu CurrentWatts=0 AveWatts=0";
    SlurmNode marked =
        ScontrolNodeParser.parse(
                base
                    + " Reason=gpu fault: xid 79 [root@2026-11-29T20:01:02]"
                    + " ReservationName=cb-1 Topology=stratus-gpu:stratus-root:spine:spine-rack-a")
            .get(0);
    SlurmNode unmarked =
        ScontrolNodeParser.parse(base + " Reason=spot gone Topology=stratus-gpu:spine:rack-b")
            .get(0);

    assertThat(marked.reason()).isEqualTo("gpu fault: xid 79");
    assertThat(marked.partitions()).containsExactly("gpu");
    assertThat(marked.drained()).isTrue();
    assertThat(unmarked.reason()).isEqualTo("spot gone");
  }

  @Test
  void noNodesGivesAnEmptyList() {
    assertThat(ScontrolNodeParser.parse("No nodes in the system\n")).isEmpty();
    assertThat(ScontrolNodeParser.parse("")).isEmpty();
  }

  @Test
  void aLineWithoutStateIsAnErrorNamingTheLine() {
    assertThatThrownBy(() -> ScontrolNodeParser.parse("NodeName=a State=IDLE\nNodeName=b Gres=x\n"))
        .isInstanceOf(SlurmCommandException.class)
        .hasMessageContaining("line 2 has no State")
        .hasMessageContaining("NodeName=b");
    assertThatThrownBy(() -> ScontrolNodeParser.parse("garbage here"))
        .isInstanceOf(SlurmCommandException.class)
        .hasMessageContaining("line 1 has no NodeName");
  }
}
