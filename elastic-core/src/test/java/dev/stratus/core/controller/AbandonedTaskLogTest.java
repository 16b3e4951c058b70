package dev.stratus.core.controller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.stratus.api.resilience.ProviderCalls;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * A launch abandoned at its time limit says so once, with why; the interrupted call that ends later
 * (failing, as an interrupted SDK call does) is not logged as a second failure.
 */
class AbandonedTaskLogTest extends ControllerFixture {
  final List<Logger> loggers =
      List.of(
          (Logger) LoggerFactory.getLogger(CloudTasks.class),
          (Logger) LoggerFactory.getLogger(LaunchExecutor.class),
          (Logger) LoggerFactory.getLogger(CloudWork.class),
          (Logger) LoggerFactory.getLogger(ProviderListing.class));
  final ListAppender<ILoggingEvent> logged = new ListAppender<>();
  Level before;

  @BeforeEach
  void captureLog() {
    logged.start();
    before = loggers.get(1).getLevel();
    loggers.get(1).setLevel(Level.DEBUG);
    loggers.forEach(l -> l.addAppender(logged));
  }

  @AfterEach
  void releaseLog() {
    cloud.releaseLaunches();
    cloud.releaseListings();
    loggers.forEach(l -> l.detachAppender(logged));
    loggers.get(1).setLevel(before);
  }

  @Test
  void anAbandonedLaunchIsLoggedOnceAsAbandonedWithItsLimitAndNotAsAFailure() {
    controller.close();
    controller = withLaunchLimit(Duration.ofMillis(300));
    cloud.holdLaunches();
    cloud.failNextLaunch(ProviderCalls.interrupted("fake CreateInstances"));
    slurmResumes("r1", 7, "gpu-001");

    controller.runPass();
    await().atMost(Duration.ofSeconds(5)).until(() -> cloud.launchesHeld() == 1);
    await().atMost(Duration.ofSeconds(5)).until(controller.cloudTasks()::idle);
    cloud.releaseLaunches(); // the abandoned call ends now, failing as interrupted calls do
    await()
        .atMost(Duration.ofSeconds(5))
        .until(() -> events(Level.DEBUG).stream().anyMatch(m -> m.contains("abandoned launch")));

    assertThat(events(Level.WARN))
        .singleElement()
        .satisfies(
            m ->
                assertThat(m)
                    .contains("launch of [gpu-001]", "ran past its limit of PT0.3S", "abandoned"));
    assertThat(spool.pending()).as("the request stays for a later pass").hasSize(1);
  }

  @Test
  void anAbandonedListingIsLoggedOnceAndItsProviderIsLeftAloneThatPass() {
    controller.close();
    controller =
        withCloudCallLimits(Duration.ofMinutes(1), Duration.ofMinutes(1), Duration.ofMillis(300));
    cloud.holdListings();

    controller.runPass();

    assertThat(events(Level.WARN))
        .singleElement()
        .satisfies(
            m -> assertThat(m).contains("listing of cluster", "ran past its limit", "abandoned"));
  }

  private List<String> events(Level level) {
    return logged.list.stream()
        .filter(e -> e.getLevel().equals(level))
        .map(ILoggingEvent::getFormattedMessage)
        .toList();
  }
}
