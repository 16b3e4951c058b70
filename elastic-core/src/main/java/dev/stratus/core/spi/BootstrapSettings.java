package dev.stratus.core.spi;

import static dev.stratus.core.model.Checks.notNull;

import java.nio.file.Path;

/**
 * What every new node needs to join the cluster, whichever provider starts it: the slurm.conf to
 * run slurmd with, where slurmd lives, the munge key's secret source (a 0400 file for now) and the
 * munge socket path named in slurm.conf's AuthInfo.
 */
public record BootstrapSettings(
    Path slurmConf, Path slurmSbinDir, Path mungeKeyFile, Path mungeSocket) {
  public BootstrapSettings {
    notNull("slurmConf", slurmConf);
    notNull("slurmSbinDir", slurmSbinDir);
    notNull("mungeKeyFile", mungeKeyFile);
    notNull("mungeSocket", mungeSocket);
  }
}
