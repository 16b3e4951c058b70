package dev.stratus.provider.local;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stratus.api.model.Tags;
import dev.stratus.api.spi.BootstrapSettings;
import dev.stratus.api.spi.GpuAdmission;
import dev.stratus.api.spi.NodeCredential;
import dev.stratus.api.spi.NodeKeyIssuer;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.bootstrap.AgentMain;
import dev.stratus.bootstrap.AgentSettings;
import dev.stratus.bootstrap.Namespaces;
import dev.stratus.bootstrap.StatusLine;
import dev.stratus.bootstrap.gpu.GpuCheck;
import dev.stratus.bootstrap.health.GpuHealthCheck;
import dev.stratus.bootstrap.secret.KeySourceSpec;
import dev.stratus.bootstrap.secret.NodeKeySpec;
import dev.stratus.wire.NodeKeys;
import io.github.jopenlibs.vault.Vault;
import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * "Boots" a local node: writes the agent's settings and runs the node-bootstrap agent inside the
 * node's namespaces with {@code nsenter --net=/run/netns/NS unshare --mount --propagation private
 * --uts -- java ... AgentMain}. Never {@code ip netns exec}: it remounts /sys, /sys/fs/cgroup
 * disappears and slurmd 22.05 dies (docs/slurm-facts.md, "One namespace set per node"). The agent
 * JVM gets a clean environment (only PATH), stdin from /dev/null and its output in {@code
 * agent.log}; it starts munged and {@code slurmd -b}, which daemonize and stay in the namespace,
 * and then exits.
 *
 * <p>With Vault the node's "user-data" is its settings file plus 0400 files holding only its
 * single-use wrapping tokens (one for the munge key's secret-id, one for its signing key), which
 * the agent reads and shreds; the launcher removes them too if the agent never got that far.
 * Without Vault the node's signing key is written straight into its private {@code keys/} directory
 * (0400), as a cloud would put it on the instance's disk; either way the agent installs it at
 * {@code keys/node.key}, where the node's watcher reads it ({@link #nodeKeyFile}).
 */
final class AgentLauncher {
  private static final List<String> JVM_OPTIONS =
      List.of("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-XX:-UsePerfData", "-Xmx64m");

  private final BootstrapSettings bootstrap;
  private final Path deviceDir;
  private final int gpuCount;
  private final Duration timeout;
  private final Path nodesDir;
  private final boolean checkController;
  private final String confServer;
  private final NodeSecrets secrets;
  private final Path stateDir;

  /** Steps whose failure is the node's own, reported as {@link ProviderError.BootstrapFailed}. */
  private static final Set<String> NODE_STEPS =
      Set.of("node-key", "munge-key", "controller-auth", "gpus", "gpu-health");

  /** What the fake nvidia-smi calls the local nodes' GPUs. */
  static final String FAKE_PRODUCT = "NVIDIA H100 80GB HBM3";

  AgentLauncher(
      BootstrapSettings bootstrap,
      Path deviceDir,
      int gpuCount,
      Duration timeout,
      Path stateDir,
      boolean checkController,
      String confServer,
      NodeKeyIssuer nodeKeys) {
    this.bootstrap = bootstrap;
    this.secrets = new NodeSecrets(bootstrap, nodeKeys);
    this.deviceDir = deviceDir;
    this.gpuCount = gpuCount;
    this.timeout = timeout;
    this.nodesDir = stateDir.resolve("nodes");
    this.stateDir = stateDir;
    this.checkController = checkController;
    this.confServer = confServer;
  }

  Path nodeDir(String netns) {
    return nodesDir.resolve(netns);
  }

  /** Where the node's signing key is once its agent ran (the watcher signs with it). */
  Path nodeKeyFile(String netns) {
    return NodeSecrets.keyFile(nodeDir(netns));
  }

  /** The pool's GPU admission check for the node. */
  GpuAdmission admission(InstanceRecord node) {
    return bootstrap.gpuHealth(node.tags().getOrDefault(Tags.POOL, ""));
  }

  /** Where the node's fake GPU tools are, once its pool checks GPU health (level 1 or 2). */
  Path fakeTools(String netns) {
    return nodeDir(netns).resolve("bin");
  }

  /**
   * Forgets the node's injected GPU faults: they were this instance's hardware, and the next
   * instance of the node is healthy (a cloud's replacement VM is another machine).
   */
  void forgetGpuState(String nodeName) {
    try {
      Files.deleteIfExists(FakeGpuState.file(stateDir, nodeName));
      Files.deleteIfExists(FakeGpuState.kmsgFile(stateDir, nodeName));
    } catch (IOException | IllegalArgumentException e) {
      // a state left behind shows up on the node's next instance; the fault command clears it
    }
  }

  /** Deletes the node's keys (the agent writes them under keys/). */
  void forgetKey(String netns) {
    NodeSecrets.forget(nodeDir(netns));
  }

  /**
   * Runs the agent to its exit; empty on success, else why the node did not come up. {@code
   * lostGpu}: the node sees one GPU device fewer (a fault, see {@link LocalFaults}).
   */
  Optional<ProviderError> boot(
      InstanceRecord node, Optional<NodeCredential> credential, boolean lostGpu)
      throws IOException {
    Path dir = nodeDir(node.netns());
    Files.createDirectories(dir);
    Path devices = deviceDir;
    if (lostGpu) {
      devices = dir.resolve("dev-lost-gpu");
      FakeGpus.ensure(devices, gpuCount - 1);
    }
    Path status = dir.resolve("status.jsonl");
    Files.deleteIfExists(status);
    NodeSecrets.clear(dir);
    KeySourceSpec keySource = secrets.mungeKeySource(node, credential, dir);
    Optional<NodeKeySpec> nodeKey = secrets.nodeKey(node, credential, dir);
    AgentSettings settings =
        new AgentSettings(
            node.nodeName(),
            node.address(),
            // configless nodes keep no slurm.conf: slurmd fetches it from confServer
            confServer.isEmpty() ? bootstrap.slurmConf().toAbsolutePath() : null,
            bootstrap.slurmSbinDir().toAbsolutePath(),
            bootstrap.slurmBinDir().toAbsolutePath(),
            keySource,
            bootstrap.mungeSocket().toAbsolutePath(),
            dir.toAbsolutePath(),
            gpuCount,
            devices.toAbsolutePath(),
            status.toAbsolutePath(),
            Duration.ofSeconds(10),
            true,
            new GpuCheck.DeviceFiles(),
            checkController,
            // The launch waits for the agent and reads its status file: nothing to upload.
            Optional.empty(),
            // munged runs as root in the node's namespaces, like the node's other daemons.
            "",
            confServer,
            nodeKey,
            Optional.empty());
    GpuAdmission admission = admission(node);
    if (admission.level() > 0) {
      settings = settings.withGpuHealth(gpuHealth(node, admission));
    }
    Path settingsFile = dir.resolve("agent.json");
    Files.writeString(settingsFile, settings.toJson(), StandardCharsets.UTF_8);
    try {
      return run(node, settingsFile, status, dir.resolve("agent.log"));
    } finally {
      NodeSecrets.removeTokens(dir);
    }
  }

  /** Installs the node's fake nvidia-smi and dcgmi and points the agent's health check at them. */
  private GpuHealthCheck gpuHealth(InstanceRecord node, GpuAdmission admission) throws IOException {
    Path bin = fakeTools(node.netns());
    Path kmsg = FakeGpuState.kmsgFile(stateDir, node.nodeName());
    FakeNvidiaTools.install(
        bin, FakeGpuState.file(stateDir, node.nodeName()), kmsg, FAKE_PRODUCT, gpuCount);
    return new GpuHealthCheck(
        admission.level(),
        admission.timeout(),
        bin.resolve("nvidia-smi"),
        Optional.of(bin.resolve("dcgmi")),
        kmsg,
        admission.diagLevel(),
        false);
  }

  private Optional<ProviderError> run(InstanceRecord node, Path settingsFile, Path status, Path log)
      throws IOException {
    ProcessBuilder pb = new ProcessBuilder(command(node.netns(), settingsFile));
    pb.environment().clear();
    pb.environment().put("PATH", Shell.SYSTEM_PATH);
    pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    pb.redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
    pb.redirectErrorStream(true);
    Process agent = pb.start();
    try {
      if (!agent.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        agent.destroyForcibly();
        return Optional.of(
            transientError(
                node,
                "agent did not finish within " + timeout.toSeconds() + " s" + lastStep(status)));
      }
    } catch (InterruptedException e) {
      agent.destroyForcibly();
      Thread.currentThread().interrupt();
      return Optional.of(transientError(node, "interrupted while the agent ran"));
    }
    if (agent.exitValue() == 0) {
      return Optional.empty();
    }
    Optional<StatusLine> failed = failedStep(status);
    if (failed.isPresent() && NODE_STEPS.contains(failed.get().step())) {
      return Optional.of(
          new ProviderError.BootstrapFailed(
              failed.get().step(), "node " + node.nodeName() + ": " + failed.get().message()));
    }
    return Optional.of(
        transientError(
            node,
            failed
                .map(l -> "agent step " + l.step() + " failed: " + l.message())
                .orElse("agent exited with " + agent.exitValue() + "; see " + log)));
  }

  static ProviderError transientError(InstanceRecord node, String message) {
    return new ProviderError.Transient(
        "LocalBootFailed", "node " + node.nodeName() + ": " + message);
  }

  private List<String> command(String netns, Path settingsFile) {
    List<String> cmd = new ArrayList<>();
    cmd.addAll(
        List.of(
            Shell.tool("nsenter"),
            "--net=/run/netns/" + netns,
            Shell.tool("unshare"),
            "--mount",
            "--propagation",
            "private",
            "--uts",
            "--"));
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(JVM_OPTIONS);
    cmd.addAll(outerNamespaces());
    cmd.add("-cp");
    cmd.add(agentClassPath());
    cmd.add(AgentMain.class.getName());
    cmd.add("--settings");
    cmd.add(settingsFile.toAbsolutePath().toString());
    return cmd;
  }

  /**
   * This process's UTS and mount namespace links, for the agent to tell its own from ours even
   * after we are gone (a controller killed while the agent boots: it is then PID 1's child).
   */
  private static List<String> outerNamespaces() {
    List<String> options = new ArrayList<>();
    for (String ns : List.of("uts", "mnt")) {
      try {
        Path link = Files.readSymbolicLink(Path.of("/proc/self/ns", ns));
        options.add("-D" + Namespaces.OUTER + ns + "=" + link);
      } catch (IOException e) {
        // the agent falls back to its parent's and PID 1's links
      }
    }
    return options;
  }

  /**
   * The agent's own jar, the wire module (keys, signing), Jackson's three and the Vault driver (its
   * key source): a small class path starts the JVM faster.
   */
  static String agentClassPath() {
    Set<String> entries = new LinkedHashSet<>();
    for (Class<?> c :
        List.of(
            AgentMain.class,
            NodeKeys.class,
            ObjectMapper.class,
            JsonFactory.class,
            JsonProperty.class,
            Vault.class)) {
      try {
        entries.add(
            Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
      } catch (URISyntaxException | NullPointerException e) {
        return System.getProperty("java.class.path");
      }
    }
    return String.join(File.pathSeparator, entries);
  }

  /** The status file's first failed line. */
  static Optional<StatusLine> failedStep(Path status) {
    return lines(status).stream().filter(l -> !l.ok()).findFirst();
  }

  private static String lastStep(Path status) {
    List<StatusLine> lines = lines(status);
    return lines.isEmpty() ? "" : " (last step done: " + lines.get(lines.size() - 1).step() + ")";
  }

  private static List<StatusLine> lines(Path status) {
    try {
      if (!Files.exists(status)) {
        return List.of();
      }
      return Files.readAllLines(status, StandardCharsets.UTF_8).stream()
          .map(StatusLine::parse)
          .flatMap(Optional::stream)
          .toList();
    } catch (IOException e) {
      return List.of();
    }
  }
}
