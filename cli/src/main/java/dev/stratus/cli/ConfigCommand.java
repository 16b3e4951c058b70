package dev.stratus.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code stratus config render|check ...}. */
@Command(
    name = "config",
    description = "Work with stratus.yaml.",
    mixinStandardHelpOptions = true,
    subcommands = {ConfigRenderCommand.class, ConfigCheckCommand.class, ConfigKeysCommand.class})
public final class ConfigCommand implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(System.out);
  }
}
