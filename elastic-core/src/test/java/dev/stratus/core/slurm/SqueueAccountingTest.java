package dev.stratus.core.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

/** The accounting fields of squeue --json that budgets and the ledger read, in both shapes. */
class SqueueAccountingTest {
  static String resource(String path) throws IOException {
    try (InputStream in = SqueueAccountingTest.class.getResourceAsStream("/slurm/" + path)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void slurm2205GivesUserAccountTimeLimitAndTheEndOfFinishedJobs() throws IOException {
    List<SlurmJob> jobs = SqueueJson.parse(resource("22.05/squeue-lab.json"));
    SlurmJob.Accounting first = jobs.get(0).accounting();
    assertThat(first.user()).isEqualTo("root");
    assertThat(first.account()).isEmpty();
    assertThat(first.timeLimit()).isEmpty(); // null: no limit
    assertThat(first.ended()).contains(Instant.ofEpochSecond(1795262614));
    assertThat(jobs.get(1).accounting().timeLimit()).contains(Duration.ofMinutes(525600));
    List<SlurmJob> mixed = SqueueJson.parse(resource("22.05/squeue-pending-cancelled.json"));
    // A running job's end_time is only its projected end: not taken as an end.
    assertThat(mixed.get(0).state()).isEqualTo("CONFIGURING");
    assertThat(mixed.get(0).accounting().ended()).isEmpty();
    assertThat(mixed.get(0).gpusPerNode()).isEqualTo(2);
    assertThat(mixed.get(3).accounting().ended()).isEmpty(); // pending, end_time 0
  }

  @Test
  void slurm2302WrapsTheLimitAndCanSayInfinite() {
    String json =
        """
        {"jobs": [
          {"job_id": 7, "job_state": ["COMPLETED"], "user_name": "alice", "account": "team-a",
           "partition": "gpu", "time_limit": {"set": true, "infinite": false, "number": 90},
           "end_time": {"set": true, "infinite": false, "number": 1795262614}},
          {"job_id": 8, "job_state": ["PENDING"], "user_name": "bob", "account": "team-b",
           "partition": "gpu", "time_limit": {"set": true, "infinite": true, "number": 0},
           "end_time": {"set": false, "infinite": false, "number": 0}},
          {"job_id": 9, "job_state": ["PENDING"], "time_limit": {"set": false, "infinite": false, "number": 0}}
        ], "errors": []}
        """;
    List<SlurmJob> jobs = SqueueJson.parse(json);
    assertThat(jobs.get(0).accounting())
        .isEqualTo(
            new SlurmJob.Accounting(
                "alice",
                "team-a",
                Optional.of(Duration.ofMinutes(90)),
                Optional.of(Instant.ofEpochSecond(1795262614))));
    assertThat(jobs.get(1).accounting().timeLimit()).isEmpty();
    assertThat(jobs.get(2).accounting()).isEqualTo(SlurmJob.Accounting.NONE);
  }

  @Test
  void aCommentForSlurmIsOneLineWithoutQuotes() {
    assertThat(CliSlurmClient.comment("stratus: cost $12.34")).isEqualTo("stratus: cost $12.34");
    for (String bad : new String[] {"", "two\nlines", "it's", "say \"hi\"", "x".repeat(301)}) {
      Assertions.assertThatThrownBy(() -> CliSlurmClient.comment(bad))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("one line of 1..300 characters without quotes");
    }
  }

  @Test
  void theAdminCommentWhereAHeldJobsBudgetReasonIsComesThrough() {
    String json =
        """
        {"jobs": [
          {"job_id": 8, "job_state": "PENDING", "state_reason": "job_requeued_in_held_state",
           "admin_comment": "stratus: budget team-a month: spent $0.00 + reserved $30.00"},
          {"job_id": 9, "job_state": "PENDING", "admin_comment": ""},
          {"job_id": 10, "job_state": "PENDING"}
        ], "errors": []}
        """;

    List<SlurmJob> jobs = SqueueJson.parse(json);

    assertThat(jobs)
        .extracting(j -> j.accounting().adminComment())
        .containsExactly("stratus: budget team-a month: spent $0.00 + reserved $30.00", "", "");
  }
}
