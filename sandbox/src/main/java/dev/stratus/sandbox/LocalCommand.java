package dev.stratus.sandbox;

import dev.stratus.api.model.Instance;
import dev.stratus.api.spi.NodeProvider;
import dev.stratus.api.spi.Reclaimable;
import dev.stratus.cli.StratusSubcommand;
import dev.stratus.core.config.ConfigException;
import dev.stratus.core.config.ConfigLoader;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.daemon.ControllerSecret;
import dev.stratus.daemon.ProviderRegistry;
import dev.stratus.provider.local.FakeGpuState;
import dev.stratus.provider.local.FakeGpuState.Fault;
import dev.stratus.wire.Durations;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code stratus local reclaim|fault}: tools for the local provider's nodes. */
@Command(
    name = "local",
    mixinStandardHelpOptions = true,
    description = "Tools for local nodes (the local provider).",
    subcommands = {LocalCommand.ReclaimCommand.class, LocalCommand.FaultCommand.class})
public final class LocalCommand implements Runnable, StratusSubcommand {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(System.out);
  }

  /**
   * Reclaims a node's instance as a cloud reclaims a spot VM: a notice on its metadata endpoint,
   * then SIGKILL when the notice runs out. Waits until the instance is gone. The notice is signed
   * as the operator with the node's key, derived from the controller's secret, so this runs on the
   * controller machine as the user that may read {@code controller.secretFile}. Exit 0 when it was
   * reclaimed, 1 when the node has no instance or its provider cannot reclaim, 2 for bad input or
   * an unreadable secret.
   */
  @Command(
      name = "reclaim",
      mixinStandardHelpOptions = true,
      description =
          "Post a spot interruption notice to NODE's metadata endpoint, then kill the node when"
              + " the notice runs out (--notice 0: at once, no notice).")
  static final class ReclaimCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "NODE", description = "Slurm node name, e.g. gpu-001")
    String node;

    @Option(
        names = "--notice",
        defaultValue = "120s",
        description = "notice before the kill: 120s, 2m, 0 (default 120s)")
    String notice;

    @Option(names = "--config", required = true, description = "stratus.yaml")
    Path config;

    @Override
    public Integer call() {
      Duration wait;
      StratusConfig cfg;
      ControllerSecret secret;
      try {
        wait = notice.strip().equals("0") ? Duration.ZERO : Durations.parse(notice);
        cfg = ConfigLoader.load(config);
        secret = ControllerSecret.read(cfg.controller().secretFile(), cfg.cluster());
      } catch (IllegalArgumentException | ConfigException e) {
        System.err.println("stratus: " + e.getMessage());
        return 2;
      } catch (IOException e) {
        System.err.println(
            "stratus: cannot read the controller's secret ("
                + e.getMessage()
                + "); the operator's requests are signed with it: run this on the controller"
                + " machine, as the user that runs the controller");
        return 2;
      }
      // Not closed: closing a local provider deletes the bridge once no node is left, and the
      // running controller (and its notice endpoint on the bridge address) still needs it.
      Map<String, NodeProvider> providers = ProviderRegistry.create(cfg, Clock.systemUTC(), secret);
      return reclaim(providers, cfg.cluster(), node, wait, System.out, System.err);
    }
  }

  /**
   * Gives NODE's fake GPUs a fault ({@link FakeGpuState}): what its fake nvidia-smi and dcgmi show
   * and its fake kernel log holds from their next call on. The state is kept by node name under the
   * local provider's state directory, so a node that has not booted yet boots with it. Exit 0 when
   * it was set, 2 for bad input (the message names the option), 1 when the state cannot be written.
   */
  @Command(
      name = "fault",
      mixinStandardHelpOptions = true,
      description =
          "Give NODE's fake GPUs a fault (local provider): nvidia-smi, dcgmi and the node's kernel"
              + " log show it from their next call; set before the node boots, its admission"
              + " check fails. Exactly one fault option; faults add up until --clear.")
  static final class FaultCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "NODE", description = "Slurm node name, e.g. gpu-001")
    String node;

    @ArgGroup(exclusive = true, multiplicity = "1")
    FaultOption fault;

    /** Exactly one of these (picocli refuses none or two, naming them). */
    static final class FaultOption {
      @Option(names = "--xid", paramLabel = "N", description = "raise XID N (79: off the bus)")
      Integer xid;

      @Option(names = "--ecc-uncorrectable", description = "an uncorrectable ECC error")
      boolean ecc;

      @Option(names = "--nvlink-down", description = "an NVLink link down")
      boolean nvlinkDown;

      @Option(names = "--throttle", description = "HW and thermal slowdown")
      boolean throttle;

      @Option(names = "--missing", description = "the GPU is not enumerated")
      boolean missing;

      @Option(names = "--hang", description = "nvidia-smi and dcgmi hang")
      boolean hang;

      @Option(names = "--idle", description = "every GPU idle (0% use, no memory)")
      boolean idle;

      @Option(names = "--clear", description = "healthy again")
      boolean clear;
    }

    @Option(
        names = "--gpu",
        paramLabel = "I",
        description =
            "GPU index for --xid, --ecc-uncorrectable, --nvlink-down, --throttle, --missing"
                + " (default 0)")
    Integer gpu;

    @Option(names = "--config", required = true, description = "stratus.yaml")
    Path config;

    @Override
    public Integer call() {
      Fault chosen;
      try {
        chosen = fault(fault, gpu);
      } catch (IllegalArgumentException e) {
        System.err.println("stratus: " + e.getMessage());
        return 2;
      }
      StratusConfig cfg;
      try {
        cfg = ConfigLoader.load(config);
      } catch (IllegalArgumentException | ConfigException e) {
        System.err.println("stratus: " + e.getMessage());
        return 2;
      }
      return inject(cfg, node, chosen, System.out, System.err);
    }
  }

  /** The fault the options name; the message names the option that is wrong. */
  static Fault fault(FaultCommand.FaultOption o, Integer gpu) {
    Fault.Kind kind;
    if (o.xid != null) {
      kind = Fault.Kind.XID;
      if (o.xid < 1) {
        throw new IllegalArgumentException("--xid must be a positive number, got " + o.xid);
      }
    } else if (o.ecc) {
      kind = Fault.Kind.ECC_UNCORRECTABLE;
    } else if (o.nvlinkDown) {
      kind = Fault.Kind.NVLINK_DOWN;
    } else if (o.throttle) {
      kind = Fault.Kind.THROTTLE;
    } else if (o.missing) {
      kind = Fault.Kind.MISSING;
    } else if (o.hang) {
      kind = Fault.Kind.HANG;
    } else if (o.idle) {
      kind = Fault.Kind.IDLE;
    } else {
      kind = Fault.Kind.CLEAR;
    }
    if (gpu != null && gpu < 0) {
      throw new IllegalArgumentException("--gpu must be 0 or more, got " + gpu);
    }
    Fault fault = new Fault(kind, gpu == null ? 0 : gpu, o.xid == null ? 0 : o.xid);
    if (gpu != null && !fault.perGpu()) {
      throw new IllegalArgumentException(
          "--gpu goes with --xid, --ecc-uncorrectable, --nvlink-down, --throttle or --missing,"
              + " not with --"
              + kind.name().toLowerCase(Locale.ROOT)
              + " (a fault of the whole node)");
    }
    return fault;
  }

  /** Sets the fault in the local provider's state directory; the exit status. */
  static int inject(StratusConfig cfg, String node, Fault fault, PrintStream out, PrintStream err) {
    Map<String, Object> settings = cfg.providers().get("local");
    if (settings == null) {
      err.println("stratus: stratus.yaml has no local provider (providers.local): no fake GPUs");
      return 2;
    }
    Path stateDir = cfg.stateDir().resolve("providers").resolve("local");
    try {
      int gpus = FakeGpuState.gpuCount(settings, stateDir);
      if (fault.perGpu() && fault.gpu() >= gpus) {
        err.printf(
            "stratus: --gpu %d is out of range: the nodes have %d GPUs (providers.local.gpuCount)%n",
            fault.gpu(), gpus);
        return 2;
      }
      out.println(FakeGpuState.inject(stateDir, node, gpus, fault));
      return 0;
    } catch (IllegalArgumentException e) {
      err.println("stratus: " + e.getMessage());
      return 2;
    } catch (UncheckedIOException e) {
      err.println("stratus: " + e.getMessage() + ": " + e.getCause().getMessage());
      return 1;
    }
  }

  /** Finds NODE's instance among the providers and reclaims it; the exit status. */
  static int reclaim(
      Map<String, NodeProvider> providers,
      String cluster,
      String node,
      Duration notice,
      PrintStream out,
      PrintStream err) {
    for (NodeProvider provider : providers.values()) {
      Optional<Instance> instance =
          provider.list(cluster).stream()
              .filter(i -> i.nodeName().filter(node::equals).isPresent())
              .findFirst();
      if (instance.isEmpty()) {
        continue;
      }
      if (!(provider instanceof Reclaimable reclaimable)) {
        err.printf(
            "stratus: node %s runs on provider %s, which cannot reclaim instances%n",
            node, provider.name());
        return 1;
      }
      String id = instance.get().id();
      out.printf(
          "%s: reclaiming %s (%s) on %s, %s%n",
          Instant.now(),
          node,
          id,
          provider.name(),
          notice.isZero() ? "no notice" : "notice " + notice.toSeconds() + " s");
      try {
        reclaimable.reclaim(id, notice);
      } catch (RuntimeException e) {
        err.printf("stratus: reclaiming %s (%s) failed: %s%n", node, id, e.getMessage());
        return 1;
      }
      out.printf("%s: %s (%s) killed; its instance is gone%n", Instant.now(), node, id);
      return 0;
    }
    err.printf("stratus: node %s has no instance in cluster %s%n", node, cluster);
    return 1;
  }
}
