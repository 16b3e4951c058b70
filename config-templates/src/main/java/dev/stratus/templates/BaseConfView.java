package dev.stratus.templates;

import static dev.stratus.templates.ViewChecks.word;

/**
 * The full base slurm.conf of the embedded cluster. Directories are absolute paths. {@code
 * nodesDir} holds one directory per node ({@code <nodesDir>/<node>/spool}, pid and log files, via
 * Slurm's {@code %n}). {@code includeFile} is the generated stratus-slurm.conf. {@code
 * topologyTree}: use {@code topology/tree} (a topology.conf next to slurm.conf), else {@code
 * topology/none}. {@code slurmdbdPort}: 0 for no accounting, else the loopback port of a slurmdbd
 * that slurmctld sends accounting to (and sacctmgr reaches through the same munge socket).
 */
public record BaseConfView(
    String clusterName,
    String controllerHostname,
    String controllerAddress,
    int controllerPort,
    int slurmdPort,
    String stateSaveLocation,
    String controllerPidFile,
    String controllerLogFile,
    String nodesDir,
    String mungeSocket,
    String includeFile,
    boolean topologyTree,
    int slurmdbdPort) {
  public BaseConfView {
    word("clusterName", clusterName);
    word("controllerHostname", controllerHostname);
    word("controllerAddress", controllerAddress);
    port("controllerPort", controllerPort);
    port("slurmdPort", slurmdPort);
    word("stateSaveLocation", stateSaveLocation);
    word("controllerPidFile", controllerPidFile);
    word("controllerLogFile", controllerLogFile);
    word("nodesDir", nodesDir);
    word("mungeSocket", mungeSocket);
    word("includeFile", includeFile);
    if (slurmdbdPort != 0) {
      port("slurmdbdPort", slurmdbdPort);
    }
  }

  /** Whether slurmctld keeps accounting in a slurmdbd. */
  public boolean accounting() {
    return slurmdbdPort != 0;
  }

  private static void port(String field, int port) {
    if (port < 1 || port > 65535) {
      throw new IllegalArgumentException(field + " must be 1..65535, got " + port);
    }
  }
}
