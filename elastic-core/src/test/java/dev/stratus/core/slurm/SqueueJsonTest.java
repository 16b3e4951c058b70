package dev.stratus.core.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SqueueJsonTest {
  @Test
  void readsFinishedJobsWithRestartsAndNormalisedGresFromTheLabSample() {
    List<SlurmJob> jobs = SqueueJson.parse(Samples.read("22.05/squeue-lab.json"));

    assertThat(jobs).extracting(SlurmJob::jobId).containsExactly(1L, 2L, 3L);
    SlurmJob first = jobs.get(0);
    assertThat(first.finished()).isTrue();
    assertThat(first.restartCount()).isEqualTo(1);
    assertThat(first.requeue()).isTrue();
    assertThat(first.gresPerNode()).isEqualTo("gpu:2");
    SlurmJob twoNodes = jobs.get(2);
    assertThat(twoNodes.name()).isEqualTo("two-nodes");
    assertThat(twoNodes.nodes()).isEqualTo("gpu-[002-003]");
    assertThat(twoNodes.nodeCount()).isEqualTo(2);
    assertThat(twoNodes.gresPerNode()).isEqualTo("gpu:h100:8");
  }

  @Test
  void readsPendingConfiguringAndCancelledJobsFromARealSlurmctld() {
    List<SlurmJob> jobs = SqueueJson.parse(Samples.read("22.05/squeue-pending-cancelled.json"));

    assertThat(jobs)
        .extracting(SlurmJob::jobId, SlurmJob::state, SlurmJob::reason, SlurmJob::gresPerNode)
        .containsExactly(
            Tuple.tuple(1L, "CONFIGURING", "None", "gpu:h100:2"),
            Tuple.tuple(2L, "CONFIGURING", "None", ""),
            Tuple.tuple(3L, "CANCELLED", "Resources", "gpu:1"),
            Tuple.tuple(4L, "PENDING", "Resources", "gpu:h100:8"));
    assertThat(jobs.get(3).pending()).isTrue();
    assertThat(jobs.get(3).nodeCount()).isEqualTo(3);
    assertThat(jobs.get(0).started()).contains(Instant.ofEpochSecond(1795265202));
    assertThat(jobs.get(3).started()).as("squeue's 0: no start time").isEmpty();
    assertThat(jobs.get(3).partition()).isEqualTo("gpu");
  }

  @Test
  void accepts2302StateArraysAndWrappedNumbers() {
    List<SlurmJob> jobs = SqueueJson.parse(Samples.read("23.02/squeue.json"));

    assertThat(jobs.get(0).state()).isEqualTo("PENDING");
    assertThat(jobs.get(0).nodeCount()).isEqualTo(2);
    assertThat(jobs.get(0).gresPerNode()).isEqualTo("gpu:h100:2");
    assertThat(jobs.get(1).state())
        .as("the CONFIGURING flag, as squeue prints it")
        .isEqualTo("CONFIGURING");
    assertThat(jobs.get(1).restartCount()).isEqualTo(1);
    assertThat(jobs.get(1).requeue()).isFalse();
  }

  @Test
  void readsTheJobsConstraintFromFeaturesIn2205And2302() {
    List<SlurmJob> real = SqueueJson.parse(Samples.read("22.05/squeue-constraint.json"));
    List<SlurmJob> later = SqueueJson.parse(Samples.read("23.02/squeue.json"));

    assertThat(real)
        .extracting(SlurmJob::jobId, SlurmJob::constraint)
        .contains(Tuple.tuple(6L, ""), Tuple.tuple(7L, "spot&h100"));
    assertThat(later).extracting(SlurmJob::constraint).containsExactly("on-demand", "");
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "gres:gpu:h100:2          | gpu:h100:2",
        "gres/gpu:h100=2          | gpu:h100:2",
        "gres:gpu:2,gres:nic:1    | gpu:2,nic:1",
        "''                       | ''",
      })
  void normalisesGresPerNode(String tres, String gres) {
    assertThat(SqueueJson.normaliseGres(tres)).isEqualTo(gres);
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "'{\"jobs\": [{\"job_state\": \"PENDING\"}]}' | squeue --json: jobs[0].job_id: missing",
        "'{\"jobs\": [{\"job_id\": \"x\", \"job_state\": \"PENDING\"}]}' | jobs[0].job_id: expected a whole number",
        "'{\"jobs\": [{\"job_id\": 0, \"job_state\": \"PENDING\"}]}' | jobs[0].job_id: must be > 0",
        "'{\"jobs\": [{\"job_id\": 5}]}'     | squeue --json: jobs[0](job 5).job_state: missing",
        "'{\"jobs\": [{\"job_id\": 5, \"job_state\": []}]}' | jobs[0](job 5).job_state: missing",
        "'{\"meta\": {}}'                    | squeue --json: jobs: missing",
        "'{\"jobs\": {}}'                    | squeue --json: jobs: expected an array",
        "'[]'                               | squeue --json: expected a JSON object",
        "'{\"jobs\": [5]}'                    | squeue --json: jobs[0]: expected an object",
        "'{\"jobs\": [], \"errors\": [{\"error\": \"x\"}]}' | squeue --json: errors: [{",
        "'{\"jobs\": [{\"job_id\": 5,'        | squeue --json: not valid JSON",
      })
  void badDocumentsNameTheDocumentAndTheField(String json, String message) {
    assertThatThrownBy(() -> SqueueJson.parse(json))
        .isInstanceOf(SlurmCommandException.class)
        .hasMessageContaining(message);
  }

  @Test
  void readingTheOutputAsAStreamGivesWhatReadingItAsAStringGives() {
    String sample = Samples.read("22.05/squeue-pending-cancelled.json");

    List<SlurmJob> streamed =
        SqueueJson.parse(new ByteArrayInputStream(sample.getBytes(StandardCharsets.UTF_8)));

    assertThat(streamed).isEqualTo(SqueueJson.parse(sample)).hasSize(4);
  }
}
