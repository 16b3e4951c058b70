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
import dev.stratus.wire.Durations;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code stratus local reclaim}: tools for the local provider's nodes. */
@Command(
    name = "local",
    mixinStandardHelpOptions = true,
    description = "Tools for local nodes (the local provider).",
    subcommands = {LocalCommand.ReclaimCommand.class})
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
