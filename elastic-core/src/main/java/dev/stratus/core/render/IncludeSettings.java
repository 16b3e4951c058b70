package dev.stratus.core.render;

import dev.stratus.core.config.PowerSave;
import dev.stratus.core.config.SlurmSettings;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.render.IncludeSetting.Kind;
import dev.stratus.hook.spool.HookKind;
import java.util.ArrayList;
import java.util.List;

/** The global settings the include needs from a config, in the order it writes them (pure). */
final class IncludeSettings {
  private IncludeSettings() {}

  static List<IncludeSetting> of(StratusConfig config, List<String> slurmctldParameters) {
    PowerSave ps = config.powerSave();
    List<IncludeSetting> s = new ArrayList<>();
    s.add(
        new IncludeSetting(
            "ResumeProgram",
            SlurmViews.launcher(ps, HookKind.RESUME).toString(),
            Kind.SCALAR,
            "powerSave.hookDir",
            "power saving: slurmctld runs these launchers, which hand each request to the controller"));
    s.add(scalar("SuspendProgram", SlurmViews.launcher(ps, HookKind.SUSPEND), "powerSave.hookDir"));
    s.add(
        scalar(
            "ResumeFailProgram",
            SlurmViews.launcher(ps, HookKind.RESUME_FAIL),
            "powerSave.hookDir"));
    s.add(scalar("ResumeTimeout", ps.resumeTimeout().toSeconds(), "powerSave.resumeTimeout"));
    s.add(scalar("SuspendTime", ps.suspendTime().toSeconds(), "powerSave.suspendTime"));
    s.add(scalar("SuspendTimeout", ps.suspendTimeout().toSeconds(), "powerSave.suspendTimeout"));
    s.add(scalar("ResumeRate", ps.resumeRate(), "powerSave.resumeRate"));
    s.add(scalar("SuspendRate", ps.suspendRate(), "powerSave.suspendRate"));
    if (!slurmctldParameters.isEmpty()) {
      s.add(
          new IncludeSetting(
              "SlurmctldParameters",
              String.join(",", slurmctldParameters),
              Kind.KEYED_LIST,
              "powerSave.slurmctldParameters"));
    }
    s.add(
        new IncludeSetting(
            "PrivateData",
            "cloud",
            Kind.LIST,
            "(always)",
            "without PrivateData=cloud, powered-down CLOUD nodes are hidden from sinfo and scontrol"));
    s.add(scalar("TreeWidth", ps.treeWidth(), "powerSave.treeWidth"));
    s.add(new IncludeSetting("GresTypes", "gpu", Kind.LIST, "(always)"));
    if (ps.startJobsOnBoot()) {
      s.add(
          new IncludeSetting(
              "PrologSlurmctld",
              BootWaitProlog.path(config).toString(),
              Kind.SCALAR,
              "powerSave.startJobsOnBoot",
              "waits for the job's nodes to boot: the batch job starts when they register, not at"
                  + " slurmctld's next 30 s check"));
    }
    if (!config.spot().checkpointDir().isEmpty()) {
      s.add(
          new IncludeSetting(
              "Prolog",
              CheckpointProlog.path(ps).toString(),
              Kind.SCALAR,
              "spot.checkpointDir",
              "makes each job's checkpoint directory as root, owned by the job's user, mode 0700"));
      s.add(
          new IncludeSetting(
              "TaskProlog",
              TaskProlog.path(ps).toString(),
              Kind.SCALAR,
              "spot.checkpointDir",
              "exports STRATUS_CHECKPOINT_DIR (per job, shared by all nodes) to every task"));
    }
    if (config.slurm().topology().controllerWrites()) {
      s.add(
          new IncludeSetting(
              "TopologyPlugin",
              config.slurm().topology() == SlurmSettings.Topology.BLOCK
                  ? "topology/block"
                  : "topology/tree",
              Kind.SCALAR,
              "slurm.topology",
              "topology.conf beside this file: the controller rewrites it from the clouds' placement"));
    }
    return s;
  }

  private static IncludeSetting scalar(String key, Object value, String source) {
    return new IncludeSetting(key, String.valueOf(value), Kind.SCALAR, source);
  }
}
