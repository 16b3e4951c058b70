package dev.stratus.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code stratus hooks install}: the programs slurm.conf's power-saving block names. */
@Command(
    name = "hooks",
    mixinStandardHelpOptions = true,
    description = "The launchers slurmctld runs as Resume/Suspend/ResumeFailProgram.",
    subcommands = HooksInstallCommand.class)
public final class HooksCommand implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(System.out);
  }
}
