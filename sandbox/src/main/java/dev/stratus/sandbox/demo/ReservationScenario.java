package dev.stratus.sandbox.demo;

import dev.stratus.api.model.CapacityReservation;
import dev.stratus.api.spi.ReservationAware;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.money.BlockUse;
import dev.stratus.core.money.LedgerExtract;
import dev.stratus.core.slurm.SlurmJob;
import dev.stratus.hook.hostlist.Hostlist;
import dev.stratus.ledger.SqliteCostLedger;
import dev.stratus.sandbox.embedded.EmbeddedCluster;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListSet;

/**
 * {@code stratus demo --scenario reservation}: beside the spot and on-demand pool, a block pool of
 * two nodes launching into a reservation the local cloud sells for {@link #WINDOW} ($20 prepaid).
 * Three jobs go to both partitions: one that fits the window runs on the block; one whose time
 * limit does not fit is kept off it (by Slurm's maintenance reservation from the window's end) and
 * runs on spot; a checkpointing job whose limit fits is still running {@link #LEAD} before the end,
 * is checkpointed and requeued, and finishes from its checkpoint on spot. No job may run on the
 * block past its end; the local cloud ends the block's instances there.
 */
final class ReservationScenario implements DemoScenario {
  static final Duration WINDOW = Duration.ofSeconds(270);
  static final Duration LEAD = Duration.ofSeconds(90);
  static final String ID = "demo-block";
  static final BigDecimal PREPAID = new BigDecimal("20.00");
  static final int STEPS = 160;
  static final int CHECKPOINT_EVERY = 10;
  static final int JOBS = 3;

  private final Instant opened = Instant.now().minusSeconds(30).truncatedTo(ChronoUnit.SECONDS);
  private final Instant end = opened.plus(WINDOW);
  private final Instant started = Instant.now();
  private String fits = "";
  private String tooLong = "";
  private String nearEnd = "";
  private final Set<String> onBlock = new ConcurrentSkipListSet<>();
  private final Set<String> elsewhere = new ConcurrentSkipListSet<>();
  private final Set<String> pastEnd = new ConcurrentSkipListSet<>();

  @Override
  public StratusConfig configure(EmbeddedCluster cluster) throws IOException {
    Path yaml = cluster.configFile();
    String text = Files.readString(yaml);
    var pool = cluster.config().pools().get(0);
    String offering = pool.offerings().get(0).key().instanceType();
    String block =
        String.format(
            Locale.ROOT,
            """
              - name: block
                partition: block
                gpu: {model: %s, count: %d}
                cpus: %d
                memoryMiB: %d
                maxNodes: 2
                window: {margin: 20s, lead: %ds}
                offerings:
                  - {provider: local, region: local, zone: rack-a, instanceType: %s, capacity: reserved, reservation: %s, pricePerHour: 0}
            """,
            pool.gpuModel(),
            pool.gpusPerNode(),
            pool.cpus(),
            pool.memoryMiB(),
            LEAD.toSeconds(),
            offering,
            ID);
    int budgets = text.indexOf("budgets:");
    text = text.substring(0, budgets) + block + text.substring(budgets);
    String reservation =
        String.format(
            Locale.ROOT,
            ", reservations: [{id: %s, instanceType: %s, zone: rack-a, start: \"%s\", end: \"%s\","
                + " instances: 2, prepaidUsd: %s}]}",
            ID,
            offering,
            opened,
            end,
            PREPAID.toPlainString());
    int local = text.indexOf("  local: {");
    int close = text.indexOf("}\n", text.lastIndexOf("noticeUrl", text.length()));
    if (local < 0 || close < 0) {
      throw new IllegalStateException(yaml + " has no providers.local block to add the block to");
    }
    text = text.substring(0, close) + reservation + text.substring(close + 1);
    Files.writeString(yaml, text);
    return cluster.rewriteSlurmFiles();
  }

  @Override
  public int submit(DemoRun.Context ctx) throws IOException {
    String both = "block," + ctx.partition();
    fits = sleeper(ctx, both, 2, "fits the window");
    tooLong = sleeper(ctx, both, 60, "runs past the window's end");
    nearEnd =
        SpotScenario.submitCheckpointJobs(
                ctx, 1, STEPS, CHECKPOINT_EVERY, List.of("-p", both, "--time=3"))
            .get(0);
    ctx.say(
        "block " + ID + " is open until " + end + "; job " + nearEnd + " will still be running");
    return JOBS;
  }

  private static String sleeper(DemoRun.Context ctx, String partitions, int minutes, String what) {
    String id =
        ctx.sbatch(
            List.of(
                "-p",
                partitions,
                "-N1",
                "--time=" + minutes,
                "--gres=gpu:" + ctx.gpuModel() + ":8",
                "--output=" + ctx.jobsDir().resolve("%j.out"),
                "--wrap",
                "srun hostname; sleep 20"));
    ctx.say("submitted job " + id + " (--time=" + minutes + ", " + what + ") to " + partitions);
    return id;
  }

  @Override
  public void tick(DemoRun.Context ctx, List<SlurmJob> jobs) {
    Instant now = Instant.now();
    for (SlurmJob j : jobs) {
      if (!j.state().equals("RUNNING") || j.nodes().isEmpty()) {
        continue;
      }
      String id = Long.toString(j.jobId());
      boolean block = Hostlist.expand(j.nodes()).stream().allMatch(n -> n.startsWith("block-"));
      if (block && now.isBefore(end) && onBlock.add(id)) {
        ctx.say("job " + id + " runs on the block (" + j.nodes() + ")");
      } else if (block && !now.isBefore(end) && pastEnd.add(id)) {
        ctx.say("job " + id + " is still on the block after its end");
      } else if (!block && elsewhere.add(id)) {
        ctx.say("job " + id + " runs on " + j.nodes());
      }
    }
  }

  @Override
  public boolean settled(DemoRun.Context ctx) {
    try {
      return !Instant.now().isBefore(end) && DemoBooks.read(ctx, started, Instant.now()).settled();
    } catch (RuntimeException e) {
      return false; // the ledger is being written: look again next time
    }
  }

  @Override
  public Map<String, Object> summary(DemoRun.Context ctx) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("jobs_on_block", onBlock.size());
    out.put("jobs_refused_block_too_long", refusedTooLong());
    out.put("jobs_requeued_before_end", requeuedBeforeEnd(ctx));
    out.put("jobs_running_past_end", pastEnd.size());
    out.put("max_steps_lost", log(ctx).maxStepsLost());
    out.put("checkpoint_interval_steps", CHECKPOINT_EVERY);
    BlockUse use = blockUse(ctx);
    out.put("block_usd", use.usd());
    out.put("block_hours_paid", round(use.paidHours()));
    out.put("block_hours_used", round(use.usedHours()));
    out.put("block_hours_idle", round(use.idleHours()));
    out.put("block_window_hours", round(2 * WINDOW.toSeconds() / 3600.0));
    out.putAll(DemoBooks.read(ctx, started, Instant.now()).fields());
    return out;
  }

  @Override
  public boolean success(DemoRun.Context ctx) {
    return onBlock.contains(fits)
        && refusedTooLong() == 1
        && requeuedBeforeEnd(ctx) == 1
        && pastEnd.isEmpty()
        && log(ctx).done()
        && log(ctx).maxStepsLost() <= CHECKPOINT_EVERY
        && DemoBooks.read(ctx, started, Instant.now()).agree();
  }

  private int refusedTooLong() {
    return !tooLong.isEmpty() && elsewhere.contains(tooLong) && !onBlock.contains(tooLong) ? 1 : 0;
  }

  /** The near-end job ran on the block, then resumed from its checkpoint off it. */
  private int requeuedBeforeEnd(DemoRun.Context ctx) {
    return onBlock.contains(nearEnd) && elsewhere.contains(nearEnd) && !log(ctx).resumes().isEmpty()
        ? 1
        : 0;
  }

  private BlockUse blockUse(DemoRun.Context ctx) {
    CapacityReservation r =
        ctx.providers().stream()
            .filter(p -> p instanceof ReservationAware)
            .flatMap(p -> ((ReservationAware) p).reservations().stream())
            .filter(x -> x.id().equals(ID))
            .findFirst()
            .orElseThrow(() -> new IllegalStateException("the local cloud lost block " + ID));
    LedgerExtract extract;
    try (SqliteCostLedger ledger = SqliteCostLedger.open(ctx.config().money().ledger().file())) {
      extract = ledger.extract(started.minusSeconds(60), Instant.now());
    }
    return BlockUse.of(r, extract, BigDecimal.ZERO, Instant.now());
  }

  private CheckpointLog log(DemoRun.Context ctx) {
    Path out = ctx.jobsDir().resolve(nearEnd + ".out");
    try {
      return CheckpointLog.parse(Files.exists(out) ? Files.readString(out) : "");
    } catch (IOException e) {
      return CheckpointLog.parse("");
    }
  }

  private static double round(double hours) {
    return Math.round(hours * 10_000) / 10_000.0;
  }
}
