package dev.stratus.tests.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stratus.core.config.LoadedConfig;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.render.SlurmConfigWriter;
import dev.stratus.core.testing.Fixtures;
import dev.stratus.sandbox.embedded.EmbeddedCluster;
import dev.stratus.tests.contract.LocalProbe;
import dev.stratus.tests.support.E2eCluster;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A configless node on the real Slurm 22.05 of this machine: the local provider's nodes get {@code
 * confServer} (the bridge address and slurmctld's port) instead of a slurm.conf, the rendered
 * SlurmctldParameters gain {@code enable_configless}, and the node's agent proves slurmctld accepts
 * its munge key by fetching the configuration through its own munged, then starts {@code slurmd
 * --conf-server}, which registers, caches the files and runs a job.
 *
 * <p>The embedded slurm.conf {@code Include}s the rendered stratus-slurm.conf, which 22.05 does not
 * send to configless nodes; a local node still finds it because it shares the host's file system (a
 * cloud node would not: see node-bootstrap/README.md).
 */
@Tag("slurm")
class ConfiglessNodeEndToEndTest {
  static final Path RUN_MUNGE = Path.of("/run/munge");
  static final Path RUN_SLURM = Path.of("/run/slurm");

  static String server(EmbeddedCluster cluster) {
    return cluster.spec().bridgeAddress() + ":" + cluster.spec().slurmctldPort();
  }

  /** The embedded config, with the local provider's nodes configless. */
  static StratusConfig configless(EmbeddedCluster cluster) {
    StratusConfig c = cluster.config();
    Map<String, Map<String, Object>> providers = new HashMap<>(c.providers());
    Map<String, Object> local = new HashMap<>(providers.get("local"));
    local.put("confServer", server(cluster));
    providers.put("local", local);
    return Fixtures.withProviders(c, providers);
  }

  /** Renders the include again from the configless config, before slurmctld reads it. */
  static void rerender(EmbeddedCluster cluster) {
    try {
      SlurmConfigWriter.write(
          new LoadedConfig(configless(cluster), Map.of()), cluster.config().slurm().confDir());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void aConfiglessNodeFetchesItsConfigurationRegistersWithSlurmctldAndRunsAJob() throws Exception {
    boolean hadRunMunge = Files.exists(RUN_MUNGE);
    boolean hadRunSlurm = Files.exists(RUN_SLURM);
    try (E2eCluster e2e =
        E2eCluster.start(
            "cfl",
            1,
            ConfiglessNodeEndToEndTest::configless,
            ConfiglessNodeEndToEndTest::rerender)) {
      assertThat(e2e.run("scontrol", "show", "config"))
          .containsPattern("SlurmctldParameters\\s+= \\S*enable_configless");

      String out =
          e2e.run(
              "srun",
              "-p",
              "gpu",
              "-N1",
              "--gres=gpu:h100:1",
              "bash",
              "-c",
              "echo host=$(hostname) gpus=$CUDA_VISIBLE_DEVICES");

      assertThat(out).contains("host=gpu-001").contains("gpus=0");
      String ns = e2e.namespaces().get(0).split(" ")[0]; // ip netns list: "NAME (id: N)"
      long slurmd = LocalProbe.pidOf(ns, "slurmd");
      assertThat(LocalProbe.cmdline(slurmd))
          .containsSubsequence("-N", "gpu-001", "--conf-server", server(e2e.cluster));
      assertThat(LocalProbe.environmentKeys(slurmd)).doesNotContain("SLURM_CONF");
      Path cache = spoolDir(e2e).resolve("conf-cache");
      // slurmctld's own files, the Include line as it is: 22.05 does not send included files
      assertThat(cache.resolve("slurm.conf"))
          .hasSameTextualContentAs(e2e.cluster.config().slurm().slurmConf())
          .content()
          .contains("Include ");
      assertThat(cache.resolve("gres.conf"))
          .hasSameTextualContentAs(
              e2e.cluster.config().slurm().confDir().resolve(SlurmConfigWriter.GRES_FILE));
      Path agent = e2e.cluster.config().stateDir().resolve("providers/local/nodes/" + ns);
      assertThat(agent.resolve("agent.json"))
          .content()
          .contains("confServer")
          .doesNotContain("slurmConf");
      assertThat(agent.resolve("status.jsonl"))
          .content()
          .contains("\"step\":\"controller-auth\",\"ok\":true")
          .contains("\"step\":\"slurmd\",\"ok\":true");
    } finally {
      removeIfEmptyAndNew(RUN_MUNGE, hadRunMunge);
      removeIfEmptyAndNew(RUN_SLURM, hadRunSlurm);
    }
  }

  /** The node's SlurmdSpoolDir, from slurmctld's own configuration. */
  static Path spoolDir(E2eCluster e2e) {
    for (String line : e2e.run("scontrol", "show", "config").split("\n")) {
      if (line.startsWith("SlurmdSpoolDir")) {
        return Path.of(line.split("=", 2)[1].strip().replace("%n", "gpu-001"));
      }
    }
    throw new AssertionError("no SlurmdSpoolDir in scontrol show config");
  }

  /** The agent makes the mount points /run/munge and /run/slurm when the host has none. */
  static void removeIfEmptyAndNew(Path dir, boolean hadIt) throws IOException {
    if (!hadIt && Files.isDirectory(dir)) {
      try (var entries = Files.list(dir)) {
        if (entries.findAny().isEmpty()) {
          Files.delete(dir);
        }
      }
    }
  }
}
