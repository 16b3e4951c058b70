package dev.stratus.core.controller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.stratus.core.metrics.StratusMetrics;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Cloud calls on lanes per provider and region, each within its own time limit. */
class CloudTasksTest {
  static final Duration LONG = Duration.ofMinutes(1);
  static final CloudTasks.Lane EAST = new CloudTasks.Lane("azure", "eastus");
  static final CloudTasks.Lane WEST = new CloudTasks.Lane("azure", "westus");

  final StratusMetrics metrics = new StratusMetrics();
  final CloudTasks tasks = new CloudTasks(1, metrics);
  final CountDownLatch slow = new CountDownLatch(1);

  @AfterEach
  void close() {
    slow.countDown();
    tasks.close();
  }

  CompletableFuture<String> slowCall(CloudTasks.Lane lane, Duration limit) {
    return tasks.submit(
        lane,
        CloudTasks.Kind.LAUNCH,
        "slow create",
        limit,
        () -> {
          slow.await();
          return "created";
        });
  }

  CompletableFuture<String> quickCall(CloudTasks.Lane lane) {
    return tasks.submit(lane, CloudTasks.Kind.TERMINATE, "delete", LONG, () -> "deleted");
  }

  @Test
  void aSlowRegionHoldsUpItsOwnLaneOnly() {
    CompletableFuture<String> create = slowCall(EAST, LONG);

    CompletableFuture<String> west = quickCall(WEST);
    CompletableFuture<String> eastQueued = quickCall(EAST);

    assertThat(west.join()).isEqualTo("deleted");
    assertThat(eastQueued).isNotDone(); // one call at a time on this lane
    slow.countDown();
    assertThat(create.join()).isEqualTo("created");
    assertThat(eastQueued.join()).isEqualTo("deleted");
    await().until(tasks::idle);
  }

  @Test
  void aCallPastItsLimitIsAbandonedCountedAndItsLaneFreed() {
    CompletableFuture<String> create = slowCall(EAST, Duration.ofMillis(100));
    CompletableFuture<String> next = quickCall(EAST);

    assertThatThrownBy(create::join)
        .isInstanceOf(CompletionException.class)
        .hasCauseInstanceOf(CloudTasks.TaskTimedOut.class)
        .hasMessageContaining("slow create ran past its limit of PT0.1S");
    assertThat(next.join()).isEqualTo("deleted");
    assertThat(metrics.cloudTasksAbandoned()).isEqualTo(1);
    assertThat(
            metrics
                .registry()
                .get("stratus.cloud.tasks.abandoned")
                .tags("provider", "azure", "kind", "launch")
                .counter()
                .count())
        .isEqualTo(1);
  }

  @Test
  void whatACallThrowsIsWhatItsFutureFailsWith() {
    CompletableFuture<Object> failing =
        tasks.submit(
            WEST,
            CloudTasks.Kind.LIST,
            "list",
            LONG,
            () -> {
              throw new IllegalStateException("403 AuthorizationFailed");
            });

    assertThatThrownBy(failing::join).hasCauseInstanceOf(IllegalStateException.class);
    assertThat(metrics.cloudTasksAbandoned()).isZero();
  }

  @Test
  void closingFailsWhatIsStillQueuedOrRunning() {
    CompletableFuture<String> create = slowCall(EAST, LONG);
    CompletableFuture<String> queued = quickCall(EAST);

    tasks.close();

    assertThatThrownBy(create::join).isInstanceOf(CompletionException.class);
    assertThatThrownBy(queued::join).isInstanceOf(CompletionException.class);
    assertThat(tasks.idle()).isTrue();
  }

  @Test
  void inlineTasksRunOnTheSubmittingThreadAndAreDoneWhenSubmitReturns() {
    CloudTasks inline = CloudTasks.inline(metrics);
    Thread caller = Thread.currentThread();
    CompletableFuture<Thread> ran =
        inline.submit(EAST, CloudTasks.Kind.LAUNCH, "create", LONG, Thread::currentThread);
    CompletableFuture<String> failed =
        inline.submit(
            WEST,
            CloudTasks.Kind.TERMINATE,
            "delete",
            LONG,
            () -> {
              throw new IllegalStateException("refused");
            });

    assertThat(ran).isCompletedWithValue(caller);
    assertThat(failed).isCompletedExceptionally();
    assertThatThrownBy(failed::join).hasRootCauseMessage("refused");
    assertThat(inline.idle()).isTrue();
  }
}
