package dev.stratus.daemon;

import dev.stratus.core.config.StandbySettings;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.slurm.CommandRunner;
import dev.stratus.core.standby.FileLease;
import dev.stratus.core.standby.Leadership;
import dev.stratus.core.standby.SlurmctldPing;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a standby pair's {@link Leadership} (stratus.yaml {@code controller.standby}): every {@code
 * renewEvery} one thread asks {@code scontrol ping} which slurmctld is in control and another
 * renews or takes the lease with the latest answer, so a slow ping never delays a renewal. When
 * this controller starts acting it wakes a pass at once. Exported as {@code
 * stratus_controller_active} (1 while acting) and {@code stratus_controller_lease_epoch}.
 */
final class StandbyLoop implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(StandbyLoop.class);

  private final Leadership leadership;
  private final ScheduledExecutorService threads;
  private final AtomicReference<Optional<SlurmctldPing>> lastPing =
      new AtomicReference<>(Optional.empty());

  private StandbyLoop(Leadership leadership, ScheduledExecutorService threads) {
    this.leadership = leadership;
    this.threads = threads;
  }

  /** The lease of {@code settings} for this process (holder: its slurmctld host, pid, a nonce). */
  static Leadership leadership(StandbySettings settings, Clock clock) {
    String holder =
        settings.slurmctldHost()
            + "/"
            + ProcessHandle.current().pid()
            + "/"
            + UUID.randomUUID().toString().substring(0, 8);
    FileLease lease =
        new FileLease(
            settings.leaseDir(), holder, settings.leaseDuration(), settings.renewEvery(), clock);
    return new Leadership(lease, settings.slurmctldHost(), settings.leaseDuration());
  }

  static StandbyLoop start(
      Leadership leadership,
      StratusConfig config,
      StandbySettings settings,
      MeterRegistry registry,
      Runnable becameActive) {
    ScheduledExecutorService threads =
        Executors.newScheduledThreadPool(
            2,
            r -> {
              Thread t = new Thread(r, "stratus-standby");
              t.setDaemon(true);
              return t;
            });
    StandbyLoop loop = new StandbyLoop(leadership, threads);
    Gauge.builder("stratus.controller.active", () -> leadership.term().isPresent() ? 1 : 0)
        .description("1 while this controller holds the standby lease and acts")
        .register(registry);
    Gauge.builder("stratus.controller.lease.epoch", () -> leadership.term().orElse(0))
        .description("the lease epoch (fencing token) this controller acts in; 0 while standing by")
        .register(registry);
    CommandRunner runner =
        new CommandRunner(
            Map.of("SLURM_CONF", config.slurm().slurmConf().toAbsolutePath().toString()),
            Duration.ofSeconds(10));
    List<String> ping = List.of(config.slurm().command("scontrol").toString(), "ping");
    long every = settings.renewEvery().toMillis();
    threads.scheduleWithFixedDelay(
        () -> loop.lastPing.set(ping(runner, ping)), 0, every, TimeUnit.MILLISECONDS);
    threads.scheduleWithFixedDelay(() -> loop.look(becameActive), 0, every, TimeUnit.MILLISECONDS);
    log.info(
        "standby controller beside slurmctld {}: lease {} ({} for {}, renewed every {})",
        settings.slurmctldHost(),
        leadership.lease().file(),
        leadership.lease().holder(),
        settings.leaseDuration(),
        settings.renewEvery());
    return loop;
  }

  private static Optional<SlurmctldPing> ping(CommandRunner runner, List<String> command) {
    try {
      return Optional.of(SlurmctldPing.parse(runner.run(command).stdout()));
    } catch (RuntimeException e) {
      log.warn("scontrol ping: {}", e.getMessage());
      return Optional.empty();
    }
  }

  private void look(Runnable becameActive) {
    try {
      switch (leadership.look(lastPing.get())) {
        case BECAME_ACTIVE -> {
          log.info("this controller acts now: lease epoch {}", leadership.term().orElse(0));
          becameActive.run();
        }
        case STEPPED_DOWN -> log.warn("this controller stands by now: the lease went to the other");
        case NONE -> {}
      }
    } catch (RuntimeException e) {
      // the lease is not extended: this controller stops acting when its term runs out
      log.error("standby lease: {}", e.getMessage());
    }
  }

  /** Stops looking and frees the lease, so the other controller takes over without waiting. */
  @Override
  public void close() {
    threads.shutdownNow();
    try {
      threads.awaitTermination(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    leadership.stepDown();
  }
}
