package dev.stratus.tests.scale;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class JobMixTest {
  private static final ScaleSpec FULL = new ScaleSpec(4096, 50_000, 1024, Duration.ZERO, 1);

  @Test
  void theBurstAsksForExactlyTheBurstPoolInJobsOfOneToSixtyFourNodes() {
    List<JobMix.Batch> burst = JobMix.burst(FULL.pools().get(0));

    assertThat(JobMix.nodes(burst)).isEqualTo(1024);
    assertThat(burst).extracting(JobMix.Batch::nodes).containsExactly(64, 32, 16, 8, 4, 2, 1);
    assertThat(JobMix.jobs(burst)).isEqualTo(4 + 4 + 8 + 16 + 32 + 64 + 128);
    assertThat(
            JobMix.nodes(
                JobMix.burst(new ScaleSpec(256, 5000, 64, Duration.ZERO, 1).pools().get(0))))
        .isEqualTo(64);
  }

  @Test
  void theQueueHasEveryJobInShapesItsPoolCanHold() {
    List<JobMix.Batch> queue = JobMix.queue(FULL.pools(), 50_000 - 256);

    assertThat(JobMix.jobs(queue)).isEqualTo(50_000 - 256);
    assertThat(queue).allMatch(b -> b.count() <= JobMix.MAX_ARRAY && b.count() > 0);
    for (ScaleSpec.PoolShape pool : FULL.pools()) {
      assertThat(queue.stream().filter(b -> b.partition().equals(pool.name())))
          .isNotEmpty()
          .allMatch(b -> b.gpus() <= pool.gpus() && b.nodes() <= pool.nodes());
    }
    assertThat(queue)
        .filteredOn(b -> b.kind() == JobMix.Kind.WAITING)
        .allMatch(b -> b.partition().equals("h100"));
    assertThat(queue)
        .extracting(JobMix.Batch::kind)
        .contains(
            JobMix.Kind.HELD,
            JobMix.Kind.LATER,
            JobMix.Kind.DEPENDENT,
            JobMix.Kind.ARRAY,
            JobMix.Kind.WAITING);
  }

  @Test
  void thePoolsShareTheNodesTheBurstLeaves() {
    assertThat(FULL.pools())
        .extracting(ScaleSpec.PoolShape::nodes)
        .containsExactly(1024, 1024, 1024, 1024);
    assertThat(new ScaleSpec(256, 5000, 64, Duration.ZERO, 1).pools())
        .extracting(ScaleSpec.PoolShape::nodes)
        .containsExactly(64, 64, 64, 64);
    assertThatThrownBy(() -> new ScaleSpec(4096, 50, 1024, Duration.ZERO, 1))
        .hasMessageContaining("scale.jobs");
  }

  @Test
  void eachNodeLineGetsAPortRangeAsLongAsItsHostlist() {
    String include =
        "# x\nNodeName=h100-[0001-0003] State=CLOUD CPUs=2\nNodeName=a100-[01-02] State=CLOUD\n";

    assertThat(ScaleSlurm.withPorts(include, 10000))
        .isEqualTo(
            "# x\nNodeName=h100-[0001-0003] State=CLOUD CPUs=2 Port=[10000-10002]\n"
                + "NodeName=a100-[01-02] State=CLOUD Port=[10003-10004]\n");
  }
}
