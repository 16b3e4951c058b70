package dev.stratus.core.controller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stratus.core.plan.DeadlineStatus;
import dev.stratus.policy.Decision;
import dev.stratus.policy.Explanation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DeadlineBoardTest {
  static final Instant NOW = Instant.parse("2026-11-25T12:00:00Z");

  @TempDir Path stateDir;

  static DeadlineStatus status(long job, String choice) {
    return new DeadlineStatus(
        job,
        choice,
        "aws/us-east-1/us-east-1a/p5.48xlarge",
        "on-demand at aws/us-east-1/us-east-1a/p5.48xlarge",
        "deadline ...: uniform-progress: spot is available",
        NOW.minusSeconds(3600),
        NOW.plusSeconds(3600),
        Duration.ofMinutes(60),
        Duration.ofMinutes(45),
        NOW);
  }

  @Test
  void theLatestDecisionOfEachDeadlineJobIsWrittenForStatusAndReadBack() {
    DeadlineBoard board = new DeadlineBoard(Optional.of(stateDir));
    board.record(status(7, "stay on on-demand"));
    board.record(status(7, "move to spot"));
    board.record(status(8, "spot"));
    board.retainAndWrite(Set.of(7L, 8L));

    assertThat(DeadlineBoard.read(stateDir))
        .containsExactly(status(7, "move to spot"), status(8, "spot"));
  }

  @Test
  void aDecisionIsExplainedOnlyWhereTheFileIsWrittenAndTheExplanationReadsBack() {
    Explanation e =
        new Explanation(
            Decision.spot("aws/us-east-1/us-east-1a/p5.48xlarge", "7.0 h of slack; spot"),
            6.25,
            40,
            3.5,
            "nothing",
            "the fine slack table says spot",
            List.of(
                new Explanation.Zone("aws/us-east-1/us-east-1a/p5.48xlarge", 30, 98, true, 12, 4.1),
                new Explanation.Zone(
                    "aws/us-east-1/us-east-1b/p5.48xlarge", 29, 98, false, 2, 0.7)),
            List.of(
                new Explanation.Option(
                    "spot", "aws/us-east-1/us-east-1a/p5.48xlarge", OptionalDouble.of(31.2)),
                new Explanation.Option(
                    "on-demand", "aws/us-east-1/us-east-1a/p5.48xlarge", OptionalDouble.of(103.6)),
                new Explanation.Option("wait", "", OptionalDouble.empty())),
            17,
            false);
    AtomicInteger asked = new AtomicInteger();
    Supplier<Optional<Explanation>> explain =
        () -> {
          asked.incrementAndGet();
          return Optional.of(e);
        };

    DeadlineBoard replay = new DeadlineBoard(Optional.empty());
    replay.record(status(7, "spot"), explain);
    replay.retainAndWrite(Set.of(7L));
    assertThat(asked).hasValue(0);

    DeadlineBoard board = new DeadlineBoard(Optional.of(stateDir));
    board.record(status(7, "spot"), explain);
    board.retainAndWrite(Set.of(7L));
    board.retainAndWrite(Set.of(7L));
    assertThat(asked).hasValue(1);
    assertThat(DeadlineBoard.read(stateDir)).containsExactly(status(7, "spot").withExplanation(e));
  }

  @Test
  void aDecisionThatCannotBeExplainedIsStillShown() {
    DeadlineBoard board = new DeadlineBoard(Optional.of(stateDir));
    board.record(
        status(7, "spot"),
        () -> {
          throw new IllegalStateException("no table");
        });
    board.retainAndWrite(Set.of(7L));

    assertThat(DeadlineBoard.read(stateDir)).containsExactly(status(7, "spot"));
  }

  @Test
  void aJobThatNoLongerHasADeadlineLeavesTheFile() {
    DeadlineBoard board = new DeadlineBoard(Optional.of(stateDir));
    board.record(status(7, "spot"));
    board.record(status(8, "spot"));
    board.retainAndWrite(Set.of(8L));

    assertThat(DeadlineBoard.read(stateDir)).extracting(DeadlineStatus::jobId).containsExactly(8L);
  }

  @Test
  void noFileMeansNoDecisionsYet() {
    assertThat(DeadlineBoard.read(stateDir)).isEmpty();
  }

  @Test
  void aDamagedFileIsNamedInTheError() throws Exception {
    Files.writeString(stateDir.resolve(DeadlineBoard.FILE), "{\"jobs\": [{\"job\": 7}]}");

    assertThatThrownBy(() -> DeadlineBoard.read(stateDir))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(stateDir.resolve("deadlines.json").toString())
        .hasMessageContaining("choice");
  }
}
