package dev.stratus.cli;

import dev.stratus.core.config.ConfigLoader;
import dev.stratus.hook.HookMain;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code stratus hook resume|suspend|resume-fail HOSTLIST}: the same work as the launchers
 * slurmctld runs (which call {@link HookMain} directly, skipping picocli for start-up time).
 */
@Command(
    name = "hook",
    mixinStandardHelpOptions = true,
    description = "Record a slurmctld power-saving request in the spool (what the launchers run).")
public final class HookCommand implements Callable<Integer> {
  @Parameters(index = "0", description = "resume, suspend or resume-fail")
  String kind;

  @Parameters(index = "1", description = "Slurm hostlist, e.g. gpu-[001-004]")
  String hostlist;

  @CommandLine.Option(
      names = "--config",
      required = true,
      description = "stratus.yaml (for the spool directory)")
  Path config;

  @Override
  public Integer call() {
    Properties props = new Properties();
    props.putAll(System.getProperties());
    props.setProperty(HookMain.SPOOL_DIR, ConfigLoader.load(config).spoolDir().toString());
    return HookMain.run(List.of(kind, hostlist), props, System.getenv(), System.err);
  }
}
