package dev.stratus.sandbox.demo;

import dev.stratus.cli.StratusSubcommand;
import dev.stratus.sandbox.embedded.AccountingSpec;
import dev.stratus.sandbox.embedded.EmbeddedSpec;
import dev.stratus.sandbox.embedded.Prerequisites;
import dev.stratus.sandbox.slurm.SlurmInstall;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code stratus demo}: the whole path on a real Slurm on this machine, then a clean teardown. */
@Command(
    name = "demo",
    mixinStandardHelpOptions = true,
    description =
        "Start an embedded Slurm cluster with local GPU nodes, burst sample jobs onto it, "
            + "watch nodes suspend, and tear everything down.")
public final class DemoCommand implements Callable<Integer>, StratusSubcommand {
  @Option(names = "--json", description = "End with one JSON line summarising the run.")
  boolean json;

  @Option(
      names = "--keep",
      description = "Leave the cluster up after the jobs (Ctrl-C tears it down).")
  boolean keep;

  @Option(names = "--dir", description = "Scratch directory (default: a new one under /tmp).")
  Path dir;

  @Option(
      names = "--accounting",
      description =
          "Run Slurm accounting too: a private MariaDB and slurmdbd, accounts team-a and team-b"
              + " (sacct, sacctmgr work as on a real site). The budget scenario always does.")
  boolean accounting;

  @Option(names = "--nodes", defaultValue = "4", description = "Nodes in the GPU pool.")
  int nodes;

  @Option(
      names = "--scenario",
      defaultValue = "basic",
      description =
          "basic: sample GPU jobs burst and suspend. spot: checkpointing jobs, two nodes"
              + " reclaimed (with and without notice); ends with reclaims, requeues and"
              + " max_steps_lost. budget: accounts with hard dollar budgets; team-a's third job"
              + " is held with its reason, the budget is raised and it runs (implies"
              + " --accounting). gpu-health: one node fails its GPU admission check and is"
              + " replaced, an XID 79 under a running checkpointing job requeues it onto a new"
              + " node, and an idle job is flagged. reservation: a block of two nodes open for"
              + " 4.5 minutes beside spot; a job that fits runs on it, one that does not is kept"
              + " off, one still running near the end is checkpointed and requeued onto spot"
              + " (the timeout is at least 7.5 minutes).")
  String scenario;

  @Option(
      names = "--timeout",
      defaultValue = "PT5M",
      description = "Give up after this long (ISO-8601, default PT5M).")
  Duration timeout;

  @Option(
      names = "--slurm",
      defaultValue = "22.05",
      description =
          "Slurm release: 22.05 (this machine's, default), 24.11 (a Debian 13 root) or 26.05 (a"
              + " Debian forky root); a root is prepared once with debootstrap, under"
              + " /var/cache/stratus/slurm-RELEASE.")
  String slurm;

  @Override
  public Integer call() throws Exception {
    DemoScenario chosen;
    int size = nodes;
    switch (scenario) {
      case "basic" -> chosen = new DemoScenario.Basic();
      case "spot" -> {
        chosen = new SpotScenario();
        size = Math.max(nodes, SpotScenario.JOBS + 2); // room for the replacements
      }
      case "budget" -> {
        chosen = new BudgetScenario();
        size = Math.max(nodes, BudgetScenario.JOBS);
      }
      case "gpu-health" -> {
        chosen = new GpuHealthScenario();
        size = Math.max(nodes, GpuHealthScenario.JOBS + 3); // room for the replacements
      }
      case "reservation" -> {
        chosen = new ReservationScenario();
        // the block's window, then the requeued job's rest and the suspends
        Duration least = ReservationScenario.WINDOW.plusMinutes(3);
        timeout = timeout.compareTo(least) < 0 ? least : timeout;
      }
      default -> {
        System.err.println(
            "stratus demo: unknown --scenario '"
                + scenario
                + "' (basic, spot, budget, gpu-health, reservation)");
        return 2;
      }
    }
    boolean withAccounting = accounting || chosen.needsAccounting();
    Map<String, String> more = new LinkedHashMap<>(SlurmInstall.programsToPrepare(slurm));
    if (withAccounting) {
      more.putAll(Prerequisites.accounting());
    }
    List<String> problems =
        Prerequisites.check(Prerequisites.systemPath(), Prerequisites.runningAsRoot(), more);
    if (!problems.isEmpty()) {
      problems.forEach(p -> System.err.println("stratus demo: " + p));
      return 2;
    }
    SlurmInstall install;
    try {
      install = SlurmInstall.choose(slurm, System.err);
    } catch (IllegalArgumentException | IOException e) {
      System.err.println("stratus demo: --slurm " + slurm + ": " + e.getMessage());
      return 2;
    }
    Path root = dir != null ? dir : Files.createTempDirectory("stratus-demo-");
    Files.createDirectories(root.resolve("log"));
    // Before any logger exists: the controller logs to a file so the progress display stays clean.
    System.setProperty("stratus.log", root.resolve("log/controller.log").toString());
    // A name of its own: the local provider's namespaces are st-<cluster>-<node>, so two demos
    // at once (CI's two test JVMs) would share them under one name.
    SecureRandom random = new SecureRandom();
    String cluster = "demo" + Integer.toHexString(0x1000 + random.nextInt(0xf000));
    EmbeddedSpec spec = EmbeddedSpec.random(root, cluster, size, random);
    Optional<AccountingSpec> dbd =
        withAccounting
            ? Optional.of(AccountingSpec.onFreePorts(AccountingSpec.TEAMS))
            : Optional.empty();
    return new DemoRun(spec, install, dbd, chosen, System.out, json, keep, timeout).run();
  }
}
