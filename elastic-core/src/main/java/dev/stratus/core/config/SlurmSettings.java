package dev.stratus.core.config;

import static dev.stratus.core.model.Checks.notNull;

import java.nio.file.Path;

/**
 * Where Slurm is. {@code binDir} holds the clients (scontrol, squeue, sinfo, scancel, sbatch);
 * {@code sbinDir} the daemons (slurmctld, slurmd). {@code slurmConf} is the cluster's slurm.conf,
 * exported as SLURM_CONF to every Slurm command Stratus runs; the rendered include and gres.conf go
 * next to it. {@code mungeSocket} is the socket named in slurm.conf's AuthInfo.
 */
public record SlurmSettings(Path binDir, Path sbinDir, Path slurmConf, Path mungeSocket) {
  public SlurmSettings {
    notNull("slurm.binDir", binDir);
    notNull("slurm.sbinDir", sbinDir);
    notNull("slurm.slurmConf", slurmConf);
    notNull("slurm.mungeSocket", mungeSocket);
  }

  public Path confDir() {
    return slurmConf.toAbsolutePath().getParent();
  }

  public Path command(String name) {
    return binDir.resolve(name);
  }
}
