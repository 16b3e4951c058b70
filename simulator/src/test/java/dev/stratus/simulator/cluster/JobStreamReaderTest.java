package dev.stratus.simulator.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JobStreamReaderTest {
  @TempDir Path dir;

  @Test
  void theBundledPhillySubsetHasAllItsJobsInSubmissionOrder() {
    var stream = JobStreamReader.read(Path.of("traces/philly/jobs_flat.csv"));

    assertThat(stream.jobs()).hasSize(3034);
    assertThat(stream.skipped()).isZero();
    SimJob first = stream.jobs().get(0);
    assertThat(first.id()).isEqualTo("application_1504131676014_2141");
    assertThat(first.submit()).isEqualTo(Instant.parse("2017-09-04T10:30:41Z"));
    assertThat(first.gpus()).isEqualTo(8);
    assertThat(first.work()).isEqualTo(Duration.ofMillis(Math.round(37336.57 * 60_000)));
    assertThat(stream.jobs()).isSortedAccordingTo(Comparator.comparing(SimJob::submit));
  }

  @Test
  void anSacctExportGivesJobsWithTheirGpusTimeLimitAndOwnerAndLeavesStepsOut() throws IOException {
    Path file = dir.resolve("sacct.txt");
    Files.writeString(
        file,
        """
        JobID|User|Account|Partition|Submit|Elapsed|Timelimit|AllocTRES|State
        41|ana|ml|gpu|2026-03-01T10:00:00|01:30:00|1-00:00:00|billing=8,cpu=16,gres/gpu=8,node=1|COMPLETED
        41.batch|||||01:30:00||cpu=16,gres/gpu=8|COMPLETED
        42|bo|ml|gpu|2026-03-01T09:00:00|00:10:00|UNLIMITED|cpu=4,gres/gpu:h100=16,node=2|TIMEOUT
        43|cy|ml|cpu|2026-03-01T11:00:00|00:05:00|30|cpu=4,node=1|COMPLETED
        44|di|ml|gpu|2026-03-01T11:00:00|00:00:00|30|gres/gpu=8|CANCELLED
        """);

    var stream = JobStreamReader.read(file);

    assertThat(stream.jobs())
        .containsExactly(
            new SimJob(
                "42",
                Instant.parse("2026-03-01T09:00:00Z"),
                16,
                Duration.ofMinutes(10),
                Duration.ofMinutes(10),
                "bo",
                "ml",
                Optional.of("gpu")),
            new SimJob(
                "41",
                Instant.parse("2026-03-01T10:00:00Z"),
                8,
                Duration.ofMinutes(90),
                Duration.ofHours(24),
                "ana",
                "ml",
                Optional.of("gpu")));
    assertThat(stream.skipped()).isEqualTo(3);
  }

  @Test
  void aLineThatCannotBeReadIsNamedByFileAndLine() throws IOException {
    Path file = dir.resolve("jobs.csv");
    Files.writeString(
        file,
        "job_id,submitted_time,num_gpus,sum_attempt_runtime_min\n"
            + "a,2017-09-04 10:30:41,8,10\n"
            + "b,yesterday,8,10\n");

    assertThatThrownBy(() -> JobStreamReader.read(file))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(file + ":3: cannot read it:");
  }
}
