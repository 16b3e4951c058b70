package dev.stratus.daemon;

import static dev.stratus.core.testing.Fixtures.offering;
import static dev.stratus.core.testing.Fixtures.pool;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.stratus.api.model.CapacityType;
import dev.stratus.api.model.Offering;
import dev.stratus.api.spi.NodeCredentials;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.core.controller.Controller;
import dev.stratus.core.controller.ControllerParts;
import dev.stratus.core.slurm.SlurmClient;
import dev.stratus.core.testing.FakeSlurm;
import dev.stratus.core.testing.Fixtures;
import dev.stratus.core.testing.InMemoryRequests;
import dev.stratus.testkit.fake.FakeNodeProvider;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The daemon on real Quartz and the real clock. */
class ControllerDaemonTest {
  static final Offering SPOT = offering("fake", "a", CapacityType.SPOT, "30");

  final Clock clock = Clock.systemUTC();
  final FakeSlurm slurm = new FakeSlurm();
  final FakeNodeProvider cloud = new FakeNodeProvider("fake", List.of(SPOT), clock);
  final InMemoryRequests spool = new InMemoryRequests();
  final CountDownLatch nodesListed = new CountDownLatch(1);
  final AtomicInteger nodeListings = new AtomicInteger();
  volatile boolean holdNodeListing;
  Controller controller;

  @AfterEach
  void release() {
    nodesListed.countDown();
    if (controller != null) {
      controller.close();
    }
  }

  /** FakeSlurm whose node listing waits while {@link #holdNodeListing} is set. */
  SlurmClient slurm() {
    return (SlurmClient)
        Proxy.newProxyInstance(
            getClass().getClassLoader(),
            new Class<?>[] {SlurmClient.class},
            (proxy, method, args) -> {
              if (method.getName().equals("nodes")) {
                nodeListings.incrementAndGet();
                if (holdNodeListing) {
                  nodesListed.await();
                }
              }
              try {
                return method.invoke(slurm, args);
              } catch (InvocationTargetException e) {
                throw e.getCause();
              }
            });
  }

  Controller controller() {
    slurm.cloudNodes(List.of("gpu-001"));
    controller =
        new Controller(
            ControllerParts.builder(
                    Fixtures.config(List.of(pool("gpu", 1, SPOT)), "fake"),
                    slurm(),
                    Map.<String, NodeProvider>of("fake", cloud),
                    spool,
                    clock)
                .credentials(NodeCredentials.NONE)
                .build());
    return controller;
  }

  @Test
  void theEndOfALaunchWakesAPassThatAcknowledgesItsRequestLongBeforeTheNextInterval() {
    Controller controller = controller();
    spool.resume(slurm, clock.instant(), "r1", 42, "gpu-001");

    // An hour between reconcile passes: only the pass the launch's end asks for can delete it.
    try (ControllerDaemon daemon = new ControllerDaemon(controller, Duration.ofHours(1))) {
      controller.whenPassWanted(daemon::wake);
      daemon.start();

      await().atMost(Duration.ofSeconds(10)).until(() -> spool.pending().isEmpty());
    }
    assertThat(cloud.alive()).hasSize(1);
  }

  @Test
  void wakesWhileAPassIsQueuedAskForOnePassNotOneEach() {
    Controller controller = controller();
    holdNodeListing = true;
    try (ControllerDaemon daemon = new ControllerDaemon(controller, Duration.ofHours(1))) {
      daemon.start(); // the first pass starts and waits on Slurm
      await().atMost(Duration.ofSeconds(10)).until(() -> nodeListings.get() == 1);

      for (int i = 0; i < 20; i++) {
        daemon.wake();
      }
      holdNodeListing = false;
      nodesListed.countDown();

      await().atMost(Duration.ofSeconds(10)).until(() -> nodeListings.get() == 2);
      await()
          .during(Duration.ofMillis(500))
          .atMost(Duration.ofSeconds(2))
          .until(() -> nodeListings.get() == 2);
    }
  }

  @Test
  void aSideJobThatHangsNeverHoldsUpAPass() throws Exception {
    Controller controller = controller();
    CountDownLatch refreshing = new CountDownLatch(1);
    CountDownLatch hang = new CountDownLatch(1);
    try (ControllerDaemon daemon = new ControllerDaemon(controller, Duration.ofHours(1))) {
      daemon.every(
          "prices",
          Duration.ofHours(6),
          () -> {
            refreshing.countDown();
            try {
              hang.await(); // a price API that does not answer
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          });
      daemon.start();
      assertThat(refreshing.await(10, TimeUnit.SECONDS)).isTrue();
      int before = nodeListings.get();

      daemon.wake();

      await().atMost(Duration.ofSeconds(10)).until(() -> nodeListings.get() > before);
      hang.countDown();
    }
  }
}
