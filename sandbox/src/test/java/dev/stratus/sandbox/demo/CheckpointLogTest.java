package dev.stratus.sandbox.demo;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CheckpointLogTest {
  @Test
  void aResumeLosesTheStepsPastTheCheckpointItResumedFrom() {
    CheckpointLog log =
        CheckpointLog.parse(
            """
            start job=1 host=gpu-001 nodes=1
            step 1
            step 2
            step 3
            checkpoint step=3 reason=USR1
            step 4
            resume job=1 restart=1 from-step=3 host=gpu-006 nodes=1
            step 4
            step 5
            done job=1 steps=5
            """);

    assertThat(log.resumes()).singleElement().satisfies(r -> assertThat(r.fromStep()).isEqualTo(3));
    assertThat(log.maxStepsLost()).isEqualTo(1);
    assertThat(log.signalled()).isTrue();
    assertThat(log.done()).isTrue();
  }

  @Test
  void aRestartBeforeTheFirstCheckpointCountsAsLosingEverythingSoFar() {
    CheckpointLog log =
        CheckpointLog.parse(
            """
            start job=2 host=gpu-002 nodes=1
            step 1
            step 2
            step 3
            start job=2 host=gpu-005 nodes=1
            step 1
            """);

    assertThat(log.resumes()).hasSize(1);
    assertThat(log.maxStepsLost()).isEqualTo(3);
    assertThat(log.done()).isFalse();
  }
}
