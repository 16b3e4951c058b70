package dev.stratus.core.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SqueueColumnsTest {
  /** Lines as 22.05.7 printed them (the separator shown as '|' here). */
  static final String SLURM_22_05 =
      String.join(
          "\n",
          "5004|DEADLINE|DeadLine|gpu||1|gres:gpu:h100:8|0|1|1795970796|root|(null)|1-02:30:00"
              + "|1795970796|1795970795|1795992395|h100|stratus: held for budget x|",
          "5|PENDING|JobHeldUser|gpu||2|gres:gpu:h100:2|0|1|N/A|root|(null)|59:00|N/A"
              + "|1795970541|N/A|(null)|(null)|",
          "3|PENDING|JobHeldUser|gpu||1|N/A|0|1|N/A|root|(null)|UNLIMITED|N/A|1795970506|N/A"
              + "|(null)|(null)|",
          "3|PENDING|JobHeldUser|gpu||1|N/A|0|1|N/A|root|(null)|UNLIMITED|N/A|1795970506|N/A"
              + "|(null)|(null)|",
          "");

  static List<SlurmJob> parse(String text) {
    return SqueueColumns.parse(
        new ByteArrayInputStream(
            text.replace('|', SqueueColumns.SEPARATOR).getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void readsEachColumnAsTheJsonFormWouldAndTheTasksOfAWholeArrayAsOneJob() {
    List<SlurmJob> jobs = parse(SLURM_22_05);

    assertThat(jobs).extracting(SlurmJob::jobId).containsExactly(5004L, 5L, 3L);
    SlurmJob ended = jobs.get(0);
    assertThat(ended.state()).isEqualTo("DEADLINE");
    assertThat(ended.reason()).isEqualTo("DeadLine");
    assertThat(ended.gresPerNode()).isEqualTo("gpu:h100:8");
    assertThat(ended.requeue()).isTrue();
    assertThat(ended.started()).contains(Instant.ofEpochSecond(1795970796));
    assertThat(ended.constraint()).isEqualTo("h100");
    assertThat(ended.accounting())
        .isEqualTo(
            new SlurmJob.Accounting(
                "root",
                "",
                Optional.of(Duration.ofDays(1).plusHours(2).plusMinutes(30)),
                Optional.of(Instant.ofEpochSecond(1795970796)),
                "stratus: held for budget x",
                Optional.of(Instant.ofEpochSecond(1795970795)),
                Optional.of(Instant.ofEpochSecond(1795992395))));
    SlurmJob held = jobs.get(1);
    assertThat(held.pending()).isTrue();
    assertThat(held.nodeCount()).isEqualTo(2);
    assertThat(held.gpus()).isEqualTo(4);
    assertThat(held.started()).isEmpty();
    assertThat(held.accounting().timeLimit()).contains(Duration.ofMinutes(59));
    assertThat(held.accounting().ended()).isEmpty();
    assertThat(held.accounting().deadline()).isEmpty();
    assertThat(jobs.get(2).gresPerNode()).isEmpty();
    assertThat(jobs.get(2).accounting().timeLimit()).isEmpty();
  }

  @Test
  void anAdminCommentKeepsASeparatorItHolds() {
    SlurmJob job =
        parse(
                "7|RUNNING|None|gpu|gpu-001|1|gres/gpu:h100:2|1|1|1795970796|alice|team-a|1:00:00"
                    + "|1795974396|1795970795|N/A|(null)|stratus: a|b|")
            .get(0);

    assertThat(job.accounting().adminComment())
        .isEqualTo("stratus: a" + SqueueColumns.SEPARATOR + "b");
    assertThat(job.restartCount()).isEqualTo(1);
    assertThat(job.nodes()).isEqualTo("gpu-001");
    assertThat(job.accounting().ended()).as("a running job's end is a projection").isEmpty();
  }

  @Test
  void aLineBrokenByANewlineIsAnErrorNamingIt() {
    assertThatThrownBy(() -> parse(SLURM_22_05 + "8|PENDING|None|gpu\n||1|N/A|0|1|N/A\n"))
        .isInstanceOf(SlurmCommandException.class)
        .hasMessageContaining("line 5")
        .hasMessageContaining("has 4 columns, expected 18");
  }

  @Test
  void aColumnThatIsNotWhatSqueuePrintsIsAnErrorNamingIt() {
    String good =
        "9|PENDING|None|gpu||1|N/A|0|1|N/A|root|(null)|5:00|N/A|1795970506|N/A|(null)|(null)|";
    assertThatThrownBy(() -> parse(good.replace("9|PENDING", "9_[1-3]|PENDING")))
        .hasMessageContaining("jobid must be a number, got '9_[1-3]'");
    assertThatThrownBy(() -> parse(good.replace("|5:00|", "|soon|")))
        .hasMessageContaining("timelimit must be");
    assertThatThrownBy(() -> parse(good.replace("|1795970506|", "|2026-11-29T16:41:46|")))
        .hasMessageContaining("submittime must be epoch seconds");
    assertThatThrownBy(() -> parse(good.replace("PENDING", "pending")))
        .hasMessageContaining("state must be a Slurm job state");
  }

  @Test
  void aDescriptionThatStartsWithTheReasonsNameIsThatName() {
    assertThat(SqueueColumns.reason("ReqNodeNotAvail, UnavailableNodes:gpu-[001-002]"))
        .isEqualTo("ReqNodeNotAvail");
    assertThat(SqueueColumns.reason("JobHeldAdmin")).isEqualTo("JobHeldAdmin");
    assertThat(SqueueColumns.reason("launch failed requeued held"))
        .isEqualTo("launch failed requeued held");
    assertThat(SqueueColumns.describedOnly("launch failed requeued held")).isTrue();
    assertThat(SqueueColumns.describedOnly("ReqNodeNotAvail")).isFalse();
    assertThat(SqueueColumns.describedOnly("")).isFalse();
  }

  @Test
  void timeLimitsInEveryFormSqueuePrints() {
    assertThat(SqueueColumns.timeLimit("0:30", 1)).contains(Duration.ofSeconds(30));
    assertThat(SqueueColumns.timeLimit("45:00", 1)).contains(Duration.ofMinutes(45));
    assertThat(SqueueColumns.timeLimit("2:00:00", 1)).contains(Duration.ofHours(2));
    assertThat(SqueueColumns.timeLimit("3-04:05:00", 1))
        .contains(Duration.ofDays(3).plusHours(4).plusMinutes(5));
    assertThat(SqueueColumns.timeLimit("UNLIMITED", 1)).isEmpty();
    assertThat(SqueueColumns.timeLimit("NOT_SET", 1)).isEmpty();
  }

  @Test
  void asksForEveryColumnUnpaddedAndEndedByTheSeparatorWithOneLinePerArrayTask() {
    List<String> args = SqueueColumns.arguments();

    assertThat(args).contains("--noheader", "--array", "--all", "--states=all");
    String format = args.get(args.indexOf("-O") + 1);
    assertThat(format.split(","))
        .hasSize(SqueueColumns.COLUMNS.size())
        .allSatisfy(c -> assertThat(c).endsWith(":0" + SqueueColumns.SEPARATOR));
    assertThat(SqueueColumns.COLUMNS)
        .as("columns a user writes freely")
        .doesNotContain("name", "comment");
    assertThat(SqueueColumns.COLUMNS.get(SqueueColumns.COLUMNS.size() - 1))
        .isEqualTo("admin_comment");
  }
}
