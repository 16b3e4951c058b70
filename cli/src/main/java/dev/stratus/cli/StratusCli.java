package dev.stratus.cli;

import dev.stratus.cli.demo.DemoCommand;
import dev.stratus.simulator.SimulateCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code stratus} command. */
@Command(
    name = "stratus",
    mixinStandardHelpOptions = true,
    versionProvider = Version.class,
    description = "Elastic GPU capacity for Slurm on any cloud.",
    subcommands = {
      ControllerCommand.class,
      HookCommand.class,
      ConfigCommand.class,
      StatusCommand.class,
      ProvidersCommand.class,
      DemoCommand.class,
      LocalCommand.class,
      SimulateCommand.class,
      dev.stratus.cli.money.CostCommand.class,
      dev.stratus.cli.money.BudgetCommand.class,
      HooksCommand.class
    })
public final class StratusCli implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(System.out);
  }

  public static void main(String[] args) {
    System.setProperty("java.awt.headless", "true"); // simulate --chart draws without a display
    var badFormat = LogFormat.problem(System.getProperties(), System.getenv());
    if (badFormat.isPresent()) {
      System.err.println("stratus: " + badFormat.get());
      System.exit(2);
    }
    System.exit(new CommandLine(new StratusCli()).execute(args));
  }
}
