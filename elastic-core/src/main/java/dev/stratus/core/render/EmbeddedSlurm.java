package dev.stratus.core.render;

import static dev.stratus.api.model.Checks.notBlank;
import static dev.stratus.api.model.Checks.notNull;
import static dev.stratus.api.model.Checks.slurmName;

import dev.stratus.core.config.StratusConfig;
import java.nio.file.Path;

/**
 * What the base slurm.conf of the embedded (local) cluster needs. {@code controllerHostname} must
 * be this machine's hostname (slurmctld refuses to start otherwise); {@code controllerAddress} is
 * the address the nodes reach it on (the local provider's bridge, or 127.0.0.1). Under {@code
 * workDir}: {@code ctld/state}, {@code ctld/slurmctld.pid}, {@code ctld/slurmctld.log} and {@code
 * nodes/<node>/} (slurmd spool, pid and log). {@code topologyTree}: a topology.conf sits next to
 * slurm.conf. {@code slurmdbdPort}: 0, or the loopback port of the slurmdbd that keeps its
 * accounting.
 */
public record EmbeddedSlurm(
    String cluster,
    String controllerHostname,
    String controllerAddress,
    int controllerPort,
    int slurmdPort,
    Path workDir,
    Path mungeSocket,
    Path includeFile,
    boolean topologyTree,
    int slurmdbdPort) {
  public EmbeddedSlurm {
    slurmName("cluster", cluster);
    notBlank("controllerHostname", controllerHostname);
    notBlank("controllerAddress", controllerAddress);
    notNull("workDir", workDir);
    notNull("mungeSocket", mungeSocket);
    notNull("includeFile", includeFile);
    workDir = workDir.toAbsolutePath().normalize();
    mungeSocket = mungeSocket.toAbsolutePath().normalize();
    includeFile = includeFile.toAbsolutePath().normalize();
  }

  /**
   * The embedded cluster of a loaded config: work dir {@code <stateDir>/slurm}, the config's munge
   * socket, the include next to its slurm.conf, slurmd on the standard port 6818 (each local node
   * has its own network namespace), no topology.
   */
  public static EmbeddedSlurm of(
      StratusConfig config, String hostname, String address, int controllerPort) {
    return new EmbeddedSlurm(
        config.cluster(),
        hostname,
        address,
        controllerPort,
        6818,
        config.stateDir().resolve("slurm"),
        config.slurm().mungeSocket(),
        config.slurm().confDir().resolve(SlurmConfigWriter.INCLUDE_FILE),
        false,
        0);
  }

  /** The same cluster with {@code TopologyPlugin=topology/tree} (true) or topology/none. */
  public EmbeddedSlurm withTopologyTree(boolean tree) {
    return new EmbeddedSlurm(
        cluster,
        controllerHostname,
        controllerAddress,
        controllerPort,
        slurmdPort,
        workDir,
        mungeSocket,
        includeFile,
        tree,
        slurmdbdPort);
  }

  /** The same cluster with its accounting in the slurmdbd on loopback {@code port}. */
  public EmbeddedSlurm withAccounting(int port) {
    return new EmbeddedSlurm(
        cluster,
        controllerHostname,
        controllerAddress,
        controllerPort,
        slurmdPort,
        workDir,
        mungeSocket,
        includeFile,
        topologyTree,
        port);
  }

  public Path stateSaveLocation() {
    return workDir.resolve("ctld/state");
  }

  public Path controllerPidFile() {
    return workDir.resolve("ctld/slurmctld.pid");
  }

  public Path controllerLogFile() {
    return workDir.resolve("ctld/slurmctld.log");
  }

  public Path nodesDir() {
    return workDir.resolve("nodes");
  }
}
