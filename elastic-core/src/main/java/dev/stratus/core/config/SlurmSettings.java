package dev.stratus.core.config;

import static dev.stratus.api.model.Checks.notNull;

import java.nio.file.Path;

/**
 * Where Slurm is. {@code binDir} holds the clients (scontrol, squeue, sinfo, scancel, sbatch);
 * {@code sbinDir} the daemons (slurmctld, slurmd). {@code slurmConf} is the cluster's slurm.conf,
 * exported as SLURM_CONF to every Slurm command Stratus runs; the rendered include and gres.conf go
 * next to it. {@code mungeSocket} is the socket named in slurm.conf's AuthInfo. {@code topology}
 * says who owns topology.conf next to slurm.conf: {@link Topology#TREE} makes the controller its
 * only writer; {@link Topology#NONE} leaves it alone (the embedded cluster writes its own from its
 * racks, and a site with nodes outside Stratus keeps its hand-written one). {@code version}: the
 * Slurm release the daemons run ({@link SlurmVersion}), for what is rendered differently per
 * release.
 */
public record SlurmSettings(
    Path binDir,
    Path sbinDir,
    Path slurmConf,
    Path mungeSocket,
    Topology topology,
    SlurmVersion version) {
  /** Who writes topology.conf; the YAML values are {@code none}, {@code tree} and {@code block}. */
  public enum Topology {
    /** Stratus never writes topology.conf from the controller. */
    NONE,
    /**
     * The controller rewrites topology.conf (topology/tree) from the providers' placement and runs
     * {@code scontrol reconfigure} when it changed; the include sets {@code TopologyPlugin}.
     */
    TREE,
    /**
     * As {@link #TREE} with {@code topology/block} (Slurm 23.11 and later): one block per NVLink
     * domain, the leaf of each node's placement path.
     */
    BLOCK;

    /** Whether the controller writes topology.conf (tree or block). */
    public boolean controllerWrites() {
      return this != NONE;
    }
  }

  public SlurmSettings {
    notNull("slurm.binDir", binDir);
    notNull("slurm.sbinDir", sbinDir);
    notNull("slurm.slurmConf", slurmConf);
    notNull("slurm.mungeSocket", mungeSocket);
    notNull("slurm.topology", topology);
    notNull("slurm.version", version);
  }

  /** Settings for Slurm {@link SlurmVersion#DEFAULT}. */
  public SlurmSettings(
      Path binDir, Path sbinDir, Path slurmConf, Path mungeSocket, Topology topology) {
    this(binDir, sbinDir, slurmConf, mungeSocket, topology, SlurmVersion.DEFAULT);
  }

  /** Settings that leave topology.conf alone. */
  public SlurmSettings(Path binDir, Path sbinDir, Path slurmConf, Path mungeSocket) {
    this(binDir, sbinDir, slurmConf, mungeSocket, Topology.NONE);
  }

  public Path confDir() {
    return slurmConf.toAbsolutePath().getParent();
  }

  public Path command(String name) {
    return binDir.resolve(name);
  }
}
