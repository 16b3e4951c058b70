package dev.stratus.cli;

import dev.stratus.core.config.StratusConfig;
import dev.stratus.hook.HookLaunchers;
import dev.stratus.hook.LauncherSpec;
import dev.stratus.hook.spool.HookKind;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code stratus hooks install --config F}: writes {@code stratus-resume}, {@code stratus-suspend},
 * {@code stratus-resume-fail} and {@code sigreset} (and an AppCDS archive) into {@code
 * powerSave.hookDir}, for this JVM and this installation's jars, the way the embedded cluster does
 * for itself. Rerun it after an upgrade: the launchers name the jars of the version that wrote
 * them. With {@code --slurm-user} it also lets that user (slurm.conf's SlurmUser, who runs the
 * launchers) write the spool and the log ({@link HookAccess}).
 */
@Command(
    name = "install",
    mixinStandardHelpOptions = true,
    description = "Write the hook launchers into powerSave.hookDir for an existing Slurm.")
public final class HooksInstallCommand implements Callable<Integer> {
  @Mixin ConfigOption config;
  @Spec CommandSpec spec;

  @Option(
      names = "--log",
      description = "file the launchers append their output to (default: ${DEFAULT-VALUE})")
  Path log = Path.of("/var/log/stratus/hooks.log");

  @Option(
      names = "--slurm-user",
      paramLabel = "USER",
      description =
          "slurm.conf's SlurmUser: the spool directory gets its group (mode 2770, setgid) and the"
              + " log becomes its file. Leave out to change no ownership.")
  String slurmUser;

  @Option(
      names = "--no-appcds",
      description = "skip the AppCDS archive (faster install, about twice the hook CPU time)")
  boolean noAppCds;

  @Override
  public Integer call() {
    Optional<StratusConfig> loaded = config.load();
    if (loaded.isEmpty()) {
      return 2;
    }
    StratusConfig cfg = loaded.get();
    Path logFile = log.toAbsolutePath();
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    try {
      Optional<HookAccess.SlurmUser> user =
          slurmUser == null ? Optional.empty() : Optional.of(HookAccess.lookUp(slurmUser));
      LauncherSpec forThisJvm =
          LauncherSpec.forThisJvm(cfg.spoolDir(), cfg.slurm().command("scontrol"), logFile);
      LauncherSpec spec =
          new LauncherSpec(
              forThisJvm.java(),
              forThisJvm.classPath(),
              forThisJvm.spoolDir(),
              forThisJvm.scontrol(),
              forThisJvm.logFile(),
              forThisJvm.jvmFlags(),
              !noAppCds);
      HookLaunchers.Written written = HookLaunchers.write(cfg.powerSave().hookDir(), spec);
      String access = HookAccess.prepare(cfg.spoolDir(), logFile, user);
      for (HookKind kind : HookKind.values()) {
        out.println(
            "wrote "
                + written.launchers().get(kind)
                + " ("
                + HookLaunchers.slurmKey(kind)
                + " in slurm.conf)");
      }
      out.println("wrote " + written.sigreset());
      written.cdsArchive().ifPresent(a -> out.println("wrote " + a + " (AppCDS)"));
      out.println(access);
      return 0;
    } catch (IllegalArgumentException e) {
      err.println("stratus: " + e.getMessage());
      return 2;
    } catch (IOException e) {
      err.println(
          "stratus: cannot install the hooks into "
              + cfg.powerSave().hookDir()
              + ": "
              + e.getMessage());
      return 1;
    }
  }
}
