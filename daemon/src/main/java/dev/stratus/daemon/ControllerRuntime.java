package dev.stratus.daemon;

import dev.stratus.api.spi.NodeCredentials;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.controller.Controller;
import dev.stratus.core.controller.ControllerParts;
import dev.stratus.core.controller.Fence;
import dev.stratus.core.controller.RequestSource;
import dev.stratus.core.metrics.StratusMetrics;
import dev.stratus.core.slurm.CliSlurmClient;
import dev.stratus.core.slurm.SlurmClient;
import dev.stratus.core.standby.Leadership;
import dev.stratus.daemon.vault.VaultNodeCredentials;
import dev.stratus.hook.spool.Spool;
import dev.stratus.hook.spool.SpoolRequest;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The controller wired for real: Slurm's commands, the configured providers, the spool on disk
 * (watched, so a hook request wakes a pass at once), passes on Quartz, the notice lane's thread and
 * the cloud tasks, the cost ledger and the price refresh ({@link ControllerBooks}). Closing it
 * stops all of them; it never terminates instances (a restarted controller picks them up from their
 * tags, and cloud calls cut short are found by their tokens).
 */
public final class ControllerRuntime implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(ControllerRuntime.class);

  private final Map<String, NodeProvider> providers;
  private final Controller controller;
  private final ControllerDaemon daemon;
  private final AutoCloseable watch;
  private final SlurmClient slurm;
  private final NoticeServer notices;
  private final Optional<KeyPublishing> keyPublishing;
  private final Optional<StandbyLoop> standby;
  private final ControllerBooks money;

  private ControllerRuntime(StratusConfig config, Clock clock) throws Exception {
    CliSlurmClient cli = new CliSlurmClient(config.slurm().binDir(), config.slurm().slurmConf());
    this.slurm = cli;
    ControllerSecret secret =
        ControllerSecret.loadOrCreate(config.controller().secretFile(), config.cluster());
    this.providers = ProviderRegistry.create(config, clock, secret);
    providers.values().forEach(NodeProvider::start);
    Spool spool = new Spool(config.spoolDir(), clock);
    RequestSource requests =
        new RequestSource() {
          @Override
          public List<SpoolRequest> pending() {
            try {
              return spool.pending();
            } catch (IOException e) {
              throw new UncheckedIOException("cannot read the spool " + spool.dir(), e);
            }
          }

          @Override
          public void delete(String id) {
            try {
              spool.delete(id);
            } catch (IOException e) {
              throw new UncheckedIOException("cannot delete spool request " + id, e);
            }
          }
        };
    NodeCredentials credentials =
        config
            .vault()
            .<NodeCredentials>map(v -> new VaultNodeCredentials(v, secret))
            .orElse(NodeCredentials.NONE);
    PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    Optional<Leadership> leadership =
        config.controller().standby().map(s -> StandbyLoop.leadership(s, clock));
    this.money = ControllerBooks.open(config, cli);
    this.controller =
        new Controller(
            ControllerParts.builder(config, slurm, providers, requests, clock)
                .credentials(credentials)
                .metrics(new StratusMetrics(registry))
                .money(money.money())
                .fence(leadership.<Fence>map(l -> l).orElse(Fence.OPEN))
                .build());
    this.daemon = new ControllerDaemon(controller, config.timeouts().reconcileInterval());
    money.schedulePrices(daemon, providers);
    controller.whenPassWanted(daemon::wake); // a launch ended: its request can be acknowledged
    this.watch = spool.watch(daemon::wake);
    String listen = config.spot().listen();
    this.notices =
        listen.isEmpty()
            ? null
            : Endpoint.start(
                config,
                listen,
                clock,
                secret,
                controller,
                providers,
                daemon::wake,
                registry::scrape);
    this.keyPublishing = KeyPublishing.start(config.vault(), secret, controller, providers);
    controller.start(); // the notice lane
    daemon.start();
    this.standby =
        leadership.map(
            l ->
                StandbyLoop.start(
                    l, config, config.controller().standby().get(), registry, daemon::wake));
    log.info(
        "controller for cluster {} started: providers {}, spool {}",
        config.cluster(),
        providers.keySet(),
        config.spoolDir());
  }

  public static ControllerRuntime start(StratusConfig config, Clock clock) {
    try {
      return new ControllerRuntime(config, clock);
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException("cannot start the controller: " + e.getMessage(), e);
    }
  }

  public Controller controller() {
    return controller;
  }

  public Map<String, NodeProvider> providers() {
    return providers;
  }

  public SlurmClient slurm() {
    return slurm;
  }

  public void wake() {
    daemon.wake();
  }

  /** Where the notice endpoint (and {@code GET /metrics}) listens, when it is on. */
  public Optional<InetSocketAddress> noticeAddress() {
    return Optional.ofNullable(notices).map(NoticeServer::address);
  }

  @Override
  public void close() {
    standby.ifPresent(StandbyLoop::close); // stops acting first, then frees the lease
    keyPublishing.ifPresent(KeyPublishing::close);
    if (notices != null) {
      notices.close();
    }
    try {
      watch.close();
    } catch (Exception e) {
      log.warn("closing the spool watch: {}", e.getMessage());
    }
    daemon.close();
    controller.close();
    money.close();
  }
}
