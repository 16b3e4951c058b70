package dev.stratus.core.plan;

import dev.stratus.api.model.Instance;
import dev.stratus.api.model.OfferingKey;
import dev.stratus.api.model.Pool;
import dev.stratus.core.config.SpotSettings;
import dev.stratus.core.config.Timeouts;
import dev.stratus.core.config.WindowSettings;
import dev.stratus.core.money.BudgetFigures;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.core.slurm.SlurmNode;
import dev.stratus.hook.spool.SpoolRequest;
import dev.stratus.wire.BootstrapReport;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Everything the planner looks at, observed at {@code now}: the pools (at the prices charged now),
 * the timeouts and spot settings they are planned with, and four views of the world ({@link
 * SlurmView}, {@link CloudView}, {@link NoticeView}, {@link MoneyView}). Build one with {@link
 * #builder}; what is not set is empty.
 *
 * <p>The notice lane plans from a snapshot too ({@link #forNotices}): only what {@link
 * NoticePlanner} reads is filled.
 */
public record Snapshot(
    Instant now,
    List<Pool> pools,
    Timeouts timeouts,
    SpotSettings spot,
    SlurmView slurm,
    CloudView cloud,
    NoticeView notices,
    MoneyView money,
    Map<String, WindowSettings> windows) {
  public Snapshot {
    if (now == null || timeouts == null || spot == null) {
      throw new IllegalArgumentException("now, timeouts and spot must be set");
    }
    pools = List.copyOf(pools);
    windows = windows == null ? Map.of() : Map.copyOf(windows);
    if (slurm == null || cloud == null || notices == null || money == null) {
      throw new IllegalArgumentException("every view must be set (its EMPTY or NONE for none)");
    }
  }

  /**
   * How the pool uses windowed capacity ({@code window:} in stratus.yaml; the defaults if unset).
   */
  public WindowSettings window(String pool) {
    return windows.getOrDefault(pool, WindowSettings.DEFAULTS);
  }

  /** A snapshot at {@code now} of the given pools and settings, every view empty until set. */
  public static Builder builder(
      Instant now, List<Pool> pools, Timeouts timeouts, SpotSettings spot) {
    return new Builder(now, pools, timeouts, spot);
  }

  /**
   * What the notice lane plans from: the instances it last saw, a fresh job list, the notices in
   * hand and the checkpoints seen; no requests, nodes or timers.
   */
  public static Snapshot forNotices(
      Instant now,
      List<Pool> pools,
      Timeouts timeouts,
      List<SlurmJob> jobs,
      List<Instance> instances,
      List<PendingNotice> notices,
      SpotSettings spot,
      Set<Long> checkpointed) {
    return builder(now, pools, timeouts, spot)
        .jobs(jobs)
        .instances(instances)
        .notices(notices)
        .checkpointed(checkpointed)
        .build();
  }

  /** Fills a snapshot field by field; every list, set and map starts empty. */
  public static final class Builder {
    private final Instant now;
    private final List<Pool> pools;
    private final Timeouts timeouts;
    private final SpotSettings spot;
    private List<SlurmNode> nodes = List.of();
    private List<SlurmJob> jobs = List.of();
    private List<SpoolRequest> requests = List.of();
    private Map<String, Instant> poweringUpSince = Map.of();
    private Map<String, Instant> downSince = Map.of();
    private List<Instance> instances = List.of();
    private Set<String> unlistedProviders = Set.of();
    private Set<OfferingKey> unavailable = Set.of();
    private Set<OfferingKey> probing = Set.of();
    private Map<String, Instance> lastSpotInstances = Map.of();
    private InFlight inFlight = InFlight.NONE;
    private List<BootstrapReport> bootstrapReports = List.of();
    private List<PendingNotice> notices = List.of();
    private Set<Long> checkpointed = Set.of();
    private BudgetFigures budgets = BudgetFigures.NONE;
    private DeadlineContext deadlines = DeadlineContext.NONE;
    private Map<String, WindowSettings> windows = Map.of();

    private Builder(Instant now, List<Pool> pools, Timeouts timeouts, SpotSettings spot) {
      this.now = now;
      this.pools = pools;
      this.timeouts = timeouts;
      this.spot = spot;
    }

    public Builder nodes(List<SlurmNode> value) {
      nodes = value;
      return this;
    }

    public Builder jobs(List<SlurmJob> value) {
      jobs = value;
      return this;
    }

    public Builder requests(List<SpoolRequest> value) {
      requests = value;
      return this;
    }

    public Builder poweringUpSince(Map<String, Instant> value) {
      poweringUpSince = value;
      return this;
    }

    public Builder downSince(Map<String, Instant> value) {
      downSince = value;
      return this;
    }

    public Builder instances(List<Instance> value) {
      instances = value;
      return this;
    }

    public Builder unlistedProviders(Set<String> value) {
      unlistedProviders = value;
      return this;
    }

    public Builder unavailable(Set<OfferingKey> value) {
      unavailable = value;
      return this;
    }

    public Builder probing(Set<OfferingKey> value) {
      probing = value;
      return this;
    }

    public Builder lastSpotInstances(Map<String, Instance> value) {
      lastSpotInstances = value;
      return this;
    }

    public Builder inFlight(InFlight value) {
      inFlight = value;
      return this;
    }

    public Builder bootstrapReports(List<BootstrapReport> value) {
      bootstrapReports = value;
      return this;
    }

    public Builder notices(List<PendingNotice> value) {
      notices = value;
      return this;
    }

    public Builder checkpointed(Set<Long> value) {
      checkpointed = value;
      return this;
    }

    public Builder budgets(BudgetFigures value) {
      budgets = value;
      return this;
    }

    public Builder deadlines(DeadlineContext value) {
      deadlines = value;
      return this;
    }

    public Builder windows(Map<String, WindowSettings> value) {
      windows = value;
      return this;
    }

    public Snapshot build() {
      return new Snapshot(
          now,
          pools,
          timeouts,
          spot,
          new SlurmView(nodes, jobs, requests, poweringUpSince, downSince),
          new CloudView(
              instances,
              unlistedProviders,
              unavailable,
              probing,
              lastSpotInstances,
              inFlight,
              bootstrapReports),
          new NoticeView(notices, checkpointed),
          new MoneyView(budgets, deadlines),
          windows);
    }
  }
}
