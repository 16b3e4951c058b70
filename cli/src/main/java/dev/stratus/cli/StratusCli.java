package dev.stratus.cli;

import dev.stratus.cli.money.BudgetCommand;
import dev.stratus.cli.money.CostCommand;
import dev.stratus.simulator.SimulateCommand;
import java.util.ServiceLoader;
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
      ReservationsCommand.class,
      SimulateCommand.class,
      CostCommand.class,
      BudgetCommand.class,
      HooksCommand.class
    })
public final class StratusCli implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  /** Only {@link #commandLine()} builds one, so no caller gets a tree without the extras. */
  private StratusCli() {}

  @Override
  public void run() {
    spec.commandLine().usage(System.out);
  }

  public static void main(String[] args) {
    System.setProperty("java.awt.headless", "true"); // simulate --chart draws without a display
    if (args.length > 0 && args[0].equals("simulate")) {
      // a replay runs the controller's passes by the thousand: only its errors are worth a line
      System.setProperty("stratus.controller.log.level", "ERROR");
    }
    var badFormat = LogFormat.problem(System.getProperties(), System.getenv());
    if (badFormat.isPresent()) {
      System.err.println("stratus: " + badFormat.get());
      System.exit(2);
    }
    System.exit(commandLine().execute(args));
  }

  /**
   * The whole command tree: the commands above and every {@link StratusSubcommand} on the class
   * path, in the order {@link ServiceLoader} finds them.
   */
  public static CommandLine commandLine() {
    CommandLine line = new CommandLine(new StratusCli());
    for (StratusSubcommand extra : ServiceLoader.load(StratusSubcommand.class)) {
      line.addSubcommand(extra);
    }
    return line;
  }
}
