package dev.stratus.bootstrap;

import dev.stratus.bootstrap.gpu.GpuCheck;
import dev.stratus.bootstrap.health.GpuHealthCheck;
import dev.stratus.bootstrap.secret.KeySourceJson;
import dev.stratus.bootstrap.secret.KeySourceSpec;
import dev.stratus.bootstrap.secret.NodeKeySpec;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * What the agent needs to turn a fresh node into a Slurm node, read from the JSON file given as
 * {@code --settings}. Every path must be absolute. The munge key is named only by its source (a
 * 0400 file, or Vault: {@link KeySourceJson}); the key itself never travels through settings, argv
 * or environment. With Vault/AppRole the settings may carry the single-use wrapping token (or name
 * a file holding it, which the agent deletes); records' {@code toString} never shows it.
 *
 * @param address the node's IP, passed to munged as {@code --origin}; empty when unknown
 * @param binDir where the {@code munge} client lives
 * @param privateNamespaces when true the agent refuses to set the hostname or mount anything unless
 *     it runs in its own UTS and mount namespaces (so a mistake can never rename or remount the
 *     host)
 * @param gpuCheck how GPUs are verified before slurmd starts ({@link GpuCheckJson}); device files
 *     when absent
 * @param checkController when true (the default) the agent proves slurmctld accepts the node's
 *     munge credential before starting slurmd ({@link ControllerAuth}); off only where no slurmctld
 *     runs (provider tests)
 * @param mungeUser the user munged runs as (e.g. {@code munge}, with a group of that name); the
 *     key, its directory and munged's directories are then owned by it. Empty: munged runs as the
 *     agent's own user (root), which the local provider's nodes do
 * @param reportUrl the controller's bootstrap endpoint ({@code http://HOST:PORT/v1/bootstrap});
 *     each status line is also POSTed there, so a cloud node that refuses itself is set DOWN with
 *     its reason at once instead of timing out; empty = status file only
 * @param slurmConf the rendered slurm.conf slurmd and the Slurm clients read ({@code SLURM_CONF});
 *     null when {@code confServer} is set
 * @param confServer {@code host[:port]} of slurmctld for a configless slurmd ({@code slurmd -b -N
 *     <node> --conf-server host:port}; slurmctld needs {@code
 *     SlurmctldParameters=enable_configless}), or "" to start slurmd from {@code slurmConf}.
 *     Exactly one of the two is given. See {@link Configless} for what else configless mode changes
 *     on the node
 * @param nodeKey where the node's signing key comes from ({@link NodeKeySpec}); the agent installs
 *     it at {@link #nodeKeyFile} (0400), signs its reports with it and the node's watcher signs its
 *     notices with it. Empty: nothing is signed, so nothing is uploaded (the controller would
 *     refuse it)
 * @param controllerCaFile PEM certificate(s) the agent trusts for an https {@code reportUrl};
 *     empty: the JVM's trust store
 * @param gpuHealth the pool's GPU health admission check ({@link
 *     dev.stratus.bootstrap.health.GpuHealthCheckJson}), run as step {@code gpu-health} after
 *     {@code gpus}; level 0 (the default, also for null) runs no such step
 */
public record AgentSettings(
    String nodeName,
    String address,
    Path slurmConf,
    Path sbinDir,
    Path binDir,
    KeySourceSpec mungeKeySource,
    Path mungeSocket,
    Path nodeDir,
    int gpuCount,
    Path deviceDir,
    Path statusFile,
    Duration mungeTimeout,
    boolean privateNamespaces,
    GpuCheck gpuCheck,
    boolean checkController,
    Optional<URI> reportUrl,
    String mungeUser,
    String confServer,
    Optional<NodeKeySpec> nodeKey,
    Optional<Path> controllerCaFile,
    GpuHealthCheck gpuHealth) {
  public AgentSettings {
    AgentSettingsRules.nodeName(nodeName);
    address = address == null ? "" : address;
    confServer = Configless.checkServer(confServer, slurmConf);
    if (confServer.isEmpty()) {
      AgentSettingsRules.absolute("slurmConf", slurmConf);
    }
    AgentSettingsRules.absolute("sbinDir", sbinDir);
    AgentSettingsRules.absolute("binDir", binDir);
    if (mungeKeySource == null) {
      throw new IllegalArgumentException("mungeKeySource must be set");
    }
    AgentSettingsRules.mungeSocket(mungeSocket);
    AgentSettingsRules.absolute("nodeDir", nodeDir);
    gpuCheck = gpuCheck == null ? new GpuCheck.DeviceFiles() : gpuCheck;
    AgentSettingsRules.gpuCount(gpuCount, gpuCheck);
    AgentSettingsRules.absolute("deviceDir", deviceDir);
    AgentSettingsRules.absolute("statusFile", statusFile);
    AgentSettingsRules.mungeTimeout(mungeTimeout);
    reportUrl = reportUrl == null ? Optional.empty() : reportUrl;
    reportUrl.ifPresent(AgentSettingsRules::reportUrl);
    mungeUser = mungeUser == null ? "" : mungeUser;
    AgentSettingsRules.mungeUser(mungeUser);
    nodeKey = nodeKey == null ? Optional.empty() : nodeKey;
    controllerCaFile = controllerCaFile == null ? Optional.empty() : controllerCaFile;
    controllerCaFile.ifPresent(p -> AgentSettingsRules.absolute("controllerCaFile", p));
    gpuHealth = gpuHealth == null ? GpuHealthCheck.inventoryOnly() : gpuHealth;
  }

  /** The settings without a GPU health check (level 0); the local provider builds these. */
  public AgentSettings(
      String nodeName,
      String address,
      Path slurmConf,
      Path sbinDir,
      Path binDir,
      KeySourceSpec mungeKeySource,
      Path mungeSocket,
      Path nodeDir,
      int gpuCount,
      Path deviceDir,
      Path statusFile,
      Duration mungeTimeout,
      boolean privateNamespaces,
      GpuCheck gpuCheck,
      boolean checkController,
      Optional<URI> reportUrl,
      String mungeUser,
      String confServer,
      Optional<NodeKeySpec> nodeKey,
      Optional<Path> controllerCaFile) {
    this(
        nodeName,
        address,
        slurmConf,
        sbinDir,
        binDir,
        mungeKeySource,
        mungeSocket,
        nodeDir,
        gpuCount,
        deviceDir,
        statusFile,
        mungeTimeout,
        privateNamespaces,
        gpuCheck,
        checkController,
        reportUrl,
        mungeUser,
        confServer,
        nodeKey,
        controllerCaFile,
        null);
  }

  /** The same settings with the GPU health check {@code gpuHealth}. */
  public AgentSettings withGpuHealth(GpuHealthCheck gpuHealth) {
    return new AgentSettings(
        nodeName,
        address,
        slurmConf,
        sbinDir,
        binDir,
        mungeKeySource,
        mungeSocket,
        nodeDir,
        gpuCount,
        deviceDir,
        statusFile,
        mungeTimeout,
        privateNamespaces,
        gpuCheck,
        checkController,
        reportUrl,
        mungeUser,
        confServer,
        nodeKey,
        controllerCaFile,
        gpuHealth);
  }

  /** The same settings with the node's signing key taken from {@code nodeKey}. */
  public AgentSettings withNodeKey(NodeKeySpec nodeKey) {
    return new AgentSettings(
        nodeName,
        address,
        slurmConf,
        sbinDir,
        binDir,
        mungeKeySource,
        mungeSocket,
        nodeDir,
        gpuCount,
        deviceDir,
        statusFile,
        mungeTimeout,
        privateNamespaces,
        gpuCheck,
        checkController,
        reportUrl,
        mungeUser,
        confServer,
        Optional.of(nodeKey),
        controllerCaFile,
        gpuHealth);
  }

  /**
   * The original form: the key from a 0400 file, GPUs checked by device files. The local provider
   * builds its settings with it.
   */
  public AgentSettings(
      String nodeName,
      String address,
      Path slurmConf,
      Path sbinDir,
      Path binDir,
      Path mungeKeyFile,
      Path mungeSocket,
      Path nodeDir,
      int gpuCount,
      Path deviceDir,
      Path statusFile,
      Duration mungeTimeout,
      boolean privateNamespaces) {
    this(
        nodeName,
        address,
        slurmConf,
        sbinDir,
        binDir,
        new KeySourceSpec.FileSource(mungeKeyFile),
        mungeSocket,
        nodeDir,
        gpuCount,
        deviceDir,
        statusFile,
        mungeTimeout,
        privateNamespaces,
        new GpuCheck.DeviceFiles(),
        true,
        Optional.empty(),
        "",
        "",
        Optional.empty(),
        Optional.empty());
  }

  /** Parses the settings JSON ({@link AgentSettingsJson}); unknown keys are refused. */
  public static AgentSettings parse(String json) {
    return AgentSettingsJson.parse(json);
  }

  /** The JSON that {@link #parse} reads back; the provider writes agent settings with it. */
  public String toJson() {
    return AgentSettingsJson.write(this);
  }

  /**
   * Checks a {@code confServer} value ({@code host[:port]}, or "" for none) the way these settings
   * will, for whoever writes them; returns it.
   */
  public static String checkConfServer(String value) {
    return Configless.checkServer(value, null);
  }

  /** True when slurmd fetches its configuration from slurmctld ({@code confServer}). */
  public boolean configless() {
    return !confServer.isEmpty();
  }

  /**
   * How Slurm programs find the configuration, plus PATH: {@code SLURM_CONF} for a rendered file,
   * {@code SLURM_CONF_SERVER} (which the 22.05 clients read to fetch it) in configless mode.
   */
  Map<String, String> slurmEnv() {
    return configless()
        ? Map.of(Configless.SERVER_ENV, confServer, "PATH", Agent.SYSTEM_PATH)
        : Map.of("SLURM_CONF", slurmConf.toString(), "PATH", Agent.SYSTEM_PATH);
  }

  /** Where the agent writes the node's copy of the munge key (directory 0700, file 0400). */
  public Path keyFile() {
    return nodeDir.resolve("keys").resolve("munge.key");
  }

  /**
   * Where the node's signing key is once the agent has it (0400): the given file for {@link
   * NodeKeySpec.FileKey}, else {@code <nodeDir>/keys/node.key}. The watcher reads it there.
   */
  public Path nodeKeyFile() {
    return nodeKey
        .filter(k -> k instanceof NodeKeySpec.FileKey)
        .map(k -> ((NodeKeySpec.FileKey) k).path())
        .orElse(nodeDir.resolve("keys").resolve("node.key"));
  }

  /** This node's own munged socket directory, bind-mounted over {@code mungeSocket}'s directory. */
  public Path nodeSocketDir() {
    return nodeDir.resolve("munge");
  }
}
