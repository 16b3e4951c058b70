package dev.stratus.core.controller;

import dev.stratus.api.spi.NodeCredentials;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.metrics.StratusMetrics;
import dev.stratus.core.slurm.SlurmClient;
import java.time.Clock;
import java.util.Map;

/**
 * What a {@link Controller} is built from, assembled by whoever runs it: the daemon (real Slurm,
 * the configured providers, the spool, the system clock, Vault, Prometheus, the ledger, a standby's
 * lease), the simulator (a simulated Slurm and cloud, a simulated clock, cloud calls inline) or a
 * test. {@code credentials}: each new node's bootstrap credential, or {@link NodeCredentials#NONE};
 * {@code metrics}: where the controller counts what it does; {@code money}: the cost ledger, live
 * prices and Slurm accounting; {@code fence}: whether this controller may act (a standby's lease);
 * {@code cloudCalls}: on lanes of threads with time limits, or inline on the caller's thread;
 * {@code checkpoints}: when jobs last checkpointed (their files under spot.checkpointDir by
 * default); {@code files}: whether it writes the files others read (deadlines.json for {@code
 * stratus status}, topology.conf for slurmctld).
 */
public record ControllerParts(
    StratusConfig config,
    SlurmClient slurm,
    Map<String, NodeProvider> providers,
    RequestSource requests,
    Clock clock,
    NodeCredentials credentials,
    StratusMetrics metrics,
    ControllerMoney money,
    Fence fence,
    CloudCalls cloudCalls,
    Checkpoints checkpoints,
    Files files) {

  /** How the controller runs its cloud calls. */
  public enum CloudCalls {
    /** On a lane of threads per provider and region, each call within its time limit. */
    ON_LANES,
    /**
     * At once, on the thread that asks, with no time limit: for a replay on a simulated clock,
     * whose clouds answer at once and whose passes must see every launch end before they go on.
     */
    INLINE
  }

  /** Whether the controller writes the files other programs read. */
  public enum Files {
    /** deadlines.json in stateDir, topology.conf beside slurm.conf (slurm.topology tree/block). */
    WRITE,
    /** None: a replay, whose Slurm and status reader are simulated. */
    NONE
  }

  public ControllerParts {
    if (config == null || slurm == null || providers == null || requests == null) {
      throw new IllegalArgumentException("config, slurm, providers and requests must be set");
    }
    if (clock == null || credentials == null || metrics == null || money == null) {
      throw new IllegalArgumentException("clock, credentials, metrics and money must be set");
    }
    if (fence == null || cloudCalls == null || checkpoints == null || files == null) {
      throw new IllegalArgumentException("fence, cloudCalls, checkpoints and files must be set");
    }
    providers = Map.copyOf(providers);
  }

  /**
   * Parts with what every controller needs; the rest defaults to no credentials, fresh metrics, no
   * ledger or live prices ({@link ControllerMoney#none}), always acting, cloud calls on lanes,
   * checkpoints from spot.checkpointDir's files, and files written.
   */
  public static Builder builder(
      StratusConfig config,
      SlurmClient slurm,
      Map<String, NodeProvider> providers,
      RequestSource requests,
      Clock clock) {
    return new Builder(config, slurm, providers, requests, clock);
  }

  /** Sets the optional parts; {@link #build} checks them all. */
  public static final class Builder {
    private final StratusConfig config;
    private final SlurmClient slurm;
    private final Map<String, NodeProvider> providers;
    private final RequestSource requests;
    private final Clock clock;
    private NodeCredentials credentials = NodeCredentials.NONE;
    private StratusMetrics metrics;
    private ControllerMoney money;
    private Fence fence = Fence.OPEN;
    private CloudCalls cloudCalls = CloudCalls.ON_LANES;
    private Checkpoints checkpoints;
    private Files files = Files.WRITE;

    private Builder(
        StratusConfig config,
        SlurmClient slurm,
        Map<String, NodeProvider> providers,
        RequestSource requests,
        Clock clock) {
      this.config = config;
      this.slurm = slurm;
      this.providers = providers;
      this.requests = requests;
      this.clock = clock;
    }

    public Builder credentials(NodeCredentials value) {
      credentials = value;
      return this;
    }

    public Builder metrics(StratusMetrics value) {
      metrics = value;
      return this;
    }

    public Builder money(ControllerMoney value) {
      money = value;
      return this;
    }

    public Builder fence(Fence value) {
      fence = value;
      return this;
    }

    public Builder cloudCalls(CloudCalls value) {
      cloudCalls = value;
      return this;
    }

    public Builder checkpoints(Checkpoints value) {
      checkpoints = value;
      return this;
    }

    public Builder files(Files value) {
      files = value;
      return this;
    }

    public ControllerParts build() {
      return new ControllerParts(
          config,
          slurm,
          providers,
          requests,
          clock,
          credentials,
          metrics == null ? new StratusMetrics() : metrics,
          money == null ? ControllerMoney.none(slurm) : money,
          fence,
          cloudCalls,
          checkpoints == null
              ? Checkpoints.inDirectory(config.spot().checkpointDir())
              : checkpoints,
          files);
    }
  }
}
